import { randomUUID } from 'node:crypto';

import { Injectable, Logger } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import { hashIp } from '../common/throttling/client-ip';
import { RetryLaterException } from '../common/filters/retry-later.exception';
import { AppConfig } from '../config/app-config';
import { ChatConversation } from './chat-conversation.entity';
import { ChatMessage } from './chat-message.entity';
import type { ChatRequestDto } from './dto/chat-request.dto';
import type { GuideAnswer, GuideCatalogue } from './guide/guide-catalogue';
import { askProvider, streamProvider, systemPrompt, type ChatTurn } from './guide/provider-guide';
import { GuideCatalogueService } from './guide-catalogue.service';
import { ModelCallSlots } from './model-call-slots';

export interface ChatReply extends GuideAnswer {
  conversationId: string;
}

/** Per conversation: a person types, a script floods. */
export const CONVERSATION_LIMIT = { messages: 10, windowMs: 60_000 };

/** Outside model calls at once, per process; past that the built-in guide answers. */
export const MODEL_CALLS_AT_ONCE = 16;

@Injectable()
export class ChatService {
  private readonly logger = new Logger(ChatService.name);
  private readonly modelCalls = new ModelCallSlots(MODEL_CALLS_AT_ONCE);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: GuideCatalogueService,
    private readonly config: AppConfig,
    @InjectThrottlerStorage() private readonly counts: ThrottlerStorage,
  ) {}

  /**
   * Answers a guest and stores both sides of the exchange for the staff's chat logs. `gone`
   * aborts the outside model's call when the guest leaves before the answer.
   */
  async ask(dto: ChatRequestDto, ip: string, gone?: AbortSignal, now = new Date()): Promise<ChatReply> {
    const existing = await this.openConversation(dto);
    const { guide, catalogue } = await this.catalogue.guide();
    const grounded = guide.answer(dto.message);
    const answer = this.config.ai ? await this.askProvider(grounded, catalogue, dto.message, existing?.id, gone) : grounded;
    return this.store(dto, ip, existing, answer, now);
  }

  /**
   * The same, streamed: `onText` gets the reply piece by piece (the outside model's tokens,
   * or the built-in answer at once); resolves with the stored exchange.
   */
  async askStreaming(dto: ChatRequestDto, ip: string, onText: (text: string) => void, gone?: AbortSignal, now = new Date()): Promise<ChatReply> {
    const existing = await this.openConversation(dto);
    const { guide, catalogue } = await this.catalogue.guide();
    const grounded = guide.answer(dto.message);
    let answer = grounded;
    const ai = this.config.ai;
    if (ai) {
      let sent = '';
      try {
        const history = existing ? await this.recentTurns(existing.id) : [];
        const called = await this.modelCalls.tryRun(() =>
          streamProvider(
            ai,
            systemPrompt(catalogue, grounded),
            history,
            dto.message,
            (text) => {
              sent += text;
              onText(text);
            },
            { gone },
          ),
        );
        if (!called) throw new Error(`all ${this.modelCalls.size} model call slots are busy`);
        answer = { reply: called.value, tours: grounded.tours };
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

  /**
   * The conversation to continue, if the guest names one we know; counts this message against
   * its limit atomically (in the rate-limit storage, Redis with REDIS_URL), so messages sent at
   * once, to any replica, are each counted before any is answered.
   */
  private async openConversation(dto: ChatRequestDto): Promise<ChatConversation | null> {
    const existing = dto.conversationId ? await this.dataSource.getRepository(ChatConversation).findOneBy({ id: dto.conversationId }) : null;
    if (existing) {
      const count = await this.countMessage(existing.id);
      if (count.isBlocked) {
        throw new RetryLaterException('You are writing faster than our guide can read. Please wait a minute and try again.', Math.max(1, count.timeToBlockExpire));
      }
    }
    return existing;
  }

  private countMessage(conversationId: string) {
    const { windowMs, messages } = CONVERSATION_LIMIT;
    return this.counts.increment(`chat-conversation:${conversationId}`, windowMs, messages, windowMs, 'conversation');
  }

  private async store(dto: ChatRequestDto, ip: string, existing: ChatConversation | null, answer: GuideAnswer, now: Date): Promise<ChatReply> {
    const conversationId = existing?.id ?? randomUUID();
    await this.dataSource.transaction(async (manager) => {
      // The conversation's row first, written (and so locked) before the messages that point at it:
      // two answers to one conversation at once then take turns instead of deadlocking on it.
      if (existing) {
        await manager
          .createQueryBuilder()
          .update(ChatConversation)
          .set({ messageCount: () => 'message_count + 2', updatedAt: now })
          .where({ id: conversationId })
          .execute();
      } else {
        await manager.insert(ChatConversation, { id: conversationId, ipHash: hashIp(ip, this.config.key('visitor-address')), firstQuestion: dto.message.slice(0, 300), messageCount: 2, updatedAt: now });
      }
      await manager.insert(ChatMessage, [
        { conversationId, role: 'guest', content: dto.message, tours: null },
        { conversationId, role: 'guide', content: answer.reply, tours: answer.tours, unanswered: answer.unanswered === true },
      ]);
    });
    // The question that opened the conversation counts against its limit too.
    if (!existing) await this.countMessage(conversationId);
    // The mark is for staff; the guest's answer is the reply and its tours.
    return { conversationId, reply: answer.reply, tours: answer.tours };
  }

  /** The outside model writes the reply; the tour cards stay the built-in guide's real ones. Any failure: the built-in answer. */
  private async askProvider(grounded: GuideAnswer, catalogue: GuideCatalogue, message: string, conversationId?: string, gone?: AbortSignal): Promise<GuideAnswer> {
    try {
      const history = conversationId ? await this.recentTurns(conversationId) : [];
      const called = await this.modelCalls.tryRun(() => askProvider(this.config.ai!, systemPrompt(catalogue, grounded), history, message, { gone }));
      if (!called) throw new Error(`all ${this.modelCalls.size} model call slots are busy`);
      // The model may still say something, but nothing of ours grounded it: staff see it marked all the same.
      return { reply: called.value, tours: grounded.tours, ...(grounded.unanswered ? { unanswered: true } : {}) };
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
