import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, MoreThan } from 'typeorm';

import { hashIp } from '../common/throttling/client-ip';
import { RetryLaterException } from '../common/filters/retry-later.exception';
import { AppConfig } from '../config/app-config';
import { ChatConversation } from './chat-conversation.entity';
import { ChatMessage } from './chat-message.entity';
import type { ChatRequestDto } from './dto/chat-request.dto';
import type { GuideAnswer } from './guide/guide-catalogue';
import { GuideCatalogueService } from './guide-catalogue.service';

export interface ChatReply extends GuideAnswer {
  conversationId: string;
}

/** Per conversation: a person types, a script floods. */
export const CONVERSATION_LIMIT = { messages: 10, windowMs: 60_000 };

@Injectable()
export class ChatService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: GuideCatalogueService,
    private readonly config: AppConfig,
  ) {}

  /** Answers a guest and stores both sides of the exchange for the staff's chat logs. */
  async ask(dto: ChatRequestDto, ip: string, now = new Date()): Promise<ChatReply> {
    const conversations = this.dataSource.getRepository(ChatConversation);
    const existing = dto.conversationId ? await conversations.findOneBy({ id: dto.conversationId }) : null;
    if (existing) {
      const recent = await this.dataSource.getRepository(ChatMessage).countBy({
        conversationId: existing.id,
        role: 'guest',
        createdAt: MoreThan(new Date(now.getTime() - CONVERSATION_LIMIT.windowMs)),
      });
      if (recent >= CONVERSATION_LIMIT.messages) {
        throw new RetryLaterException('You are writing faster than our guide can read. Please wait a minute and try again.', 60);
      }
    }
    const { guide } = await this.catalogue.guide();
    const answer = guide.answer(dto.message);

    const conversationId = existing?.id ?? randomUUID();
    await this.dataSource.transaction(async (manager) => {
      if (!existing) {
        await manager.insert(ChatConversation, { id: conversationId, ipHash: hashIp(ip, this.config.jwtSecret), firstQuestion: dto.message.slice(0, 300), messageCount: 0 });
      }
      await manager.insert(ChatMessage, [
        { conversationId, role: 'guest', content: dto.message, tours: null },
        { conversationId, role: 'guide', content: answer.reply, tours: answer.tours },
      ]);
      await manager.increment(ChatConversation, { id: conversationId }, 'messageCount', 2);
      await manager.update(ChatConversation, { id: conversationId }, { updatedAt: now });
    });
    return { conversationId, ...answer };
  }
}
