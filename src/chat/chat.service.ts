import { randomUUID } from 'node:crypto';

import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, MoreThan } from 'typeorm';

import { hashIp } from '../common/throttling/client-ip';
import { RetryLaterException } from '../common/filters/retry-later.exception';
import { AppConfig } from '../config/app-config';
import { ChatConversation } from './chat-conversation.entity';
import { ChatMessage } from './chat-message.entity';
import type { ChatRequestDto } from './dto/chat-request.dto';
import type { GuideAnswer, GuideCatalogue } from './guide/guide-catalogue';
import { askProvider, streamProvider, systemPrompt, type ChatTurn } from './guide/provider-guide';
import { GuideCatalogueService } from './guide-catalogue.service';

export interface ChatReply extends GuideAnswer {
  conversationId: string;
}

/** Per conversation: a person types, a script floods. */
export const CONVERSATION_LIMIT = { messages: 10, windowMs: 60_000 };

@Injectable()
export class ChatService {
  private readonly logger = new Logger(ChatService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: GuideCatalogueService,
    private readonly config: AppConfig,
  ) {}

  /** Answers a guest and stores both sides of the exchange for the staff's chat logs. */
  async ask(dto: ChatRequestDto, ip: string, now = new Date()): Promise<ChatReply> {
    const existing = await this.openConversation(dto, now);
    const { guide, catalogue } = await this.catalogue.guide();
    const grounded = guide.answer(dto.message);
    const answer = this.config.ai ? await this.askProvider(grounded, catalogue, dto.message, existing?.id) : grounded;
    return this.store(dto, ip, existing, answer, now);
  }

  /**
   * The same, streamed: `onText` gets the reply piece by piece (the outside model's tokens,
   * or the built-in answer at once); resolves with the stored exchange.
   */
  async askStreaming(dto: ChatRequestDto, ip: string, onText: (text: string) => void, now = new Date()): Promise<ChatReply> {
    const existing = await this.openConversation(dto, now);
    const { guide, catalogue } = await this.catalogue.guide();
    const grounded = guide.answer(dto.message);
    let answer = grounded;
    if (this.config.ai) {
      let sent = '';
      try {
        const history = existing ? await this.recentTurns(existing.id) : [];
        const reply = await streamProvider(this.config.ai, systemPrompt(catalogue, grounded), history, dto.message, (text) => {
          sent += text;
          onText(text);
        });
        answer = { reply, tours: grounded.tours };
      } catch (error) {
        this.logger.warn(`AI provider stream failed, the built-in guide answers: ${String(error)}`);
        // Half a model answer is replaced by the whole built-in one.
        if (sent) onText('\n\n');
        onText(grounded.reply);
        answer = sent ? { reply: `${sent}\n\n${grounded.reply}`, tours: grounded.tours } : grounded;
      }
    } else {
      onText(grounded.reply);
    }
    return this.store(dto, ip, existing, answer, now);
  }

  /** The conversation to continue, if the guest names one we know; enforces its message limit. */
  private async openConversation(dto: ChatRequestDto, now: Date): Promise<ChatConversation | null> {
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
    return existing;
  }

  private async store(dto: ChatRequestDto, ip: string, existing: ChatConversation | null, answer: GuideAnswer, now: Date): Promise<ChatReply> {
    const conversationId = existing?.id ?? randomUUID();
    await this.dataSource.transaction(async (manager) => {
      if (!existing) {
        await manager.insert(ChatConversation, { id: conversationId, ipHash: hashIp(ip, this.config.key('visitor-address')), firstQuestion: dto.message.slice(0, 300), messageCount: 0 });
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

  /** The outside model writes the reply; the tour cards stay the built-in guide's real ones. Any failure: the built-in answer. */
  private async askProvider(grounded: GuideAnswer, catalogue: GuideCatalogue, message: string, conversationId?: string): Promise<GuideAnswer> {
    try {
      const history = conversationId ? await this.recentTurns(conversationId) : [];
      const reply = await askProvider(this.config.ai!, systemPrompt(catalogue, grounded), history, message);
      return { reply, tours: grounded.tours };
    } catch (error) {
      this.logger.warn(`AI provider failed, the built-in guide answers: ${String(error)}`);
      return grounded;
    }
  }

  private async recentTurns(conversationId: string): Promise<ChatTurn[]> {
    const messages = await this.dataSource.getRepository(ChatMessage).find({ where: { conversationId }, order: { id: 'DESC' }, take: 6 });
    return messages.reverse().map((message) => ({ role: message.role === 'guest' ? 'user' : 'assistant', content: message.content }));
  }
}
