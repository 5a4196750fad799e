import { randomUUID } from 'node:crypto';

import { Injectable, Logger } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import { hashIp } from '../common/throttling/client-ip';
import { RetryLaterException } from '../common/filters/retry-later.exception';
import { AppConfig } from '../config/app-config';
import { ChatConversation } from './chat-conversation.entity';
import { missedReason } from './guide/missed-answer';
import { ChatMessage } from './chat-message.entity';
import type { ChatRequestDto } from './dto/chat-request.dto';
import type { GuideAnswer, GuideContext } from './guide/guide-catalogue';
import { askModel, guideTools, modelClient, systemPrompt, type ChatTurn, type ToolSession } from './guide/provider-guide';
import { GuideCatalogueService } from './guide-catalogue.service';
import { GuideDeskService } from './guide-desk.service';
import { SkyOutlooks } from '../sky/sky-outlooks.service';
import { voiceOf } from './guide/guide-voice';
import { GuideBudget } from './guide-budget';
import { ModelCallSlots } from './model-call-slots';
import { clock } from '../common/clock';

export interface ChatReply {
  conversationId: string;
  reply: string;
  tours: GuideAnswer['tours'];
  action?: GuideAnswer['action'];
}

/** Per conversation: a person types, a script floods. */
export const CONVERSATION_LIMIT = { messages: 10, windowMs: 60_000 };

/** Outside model calls at once, per process; past that the built-in guide answers. */
export const MODEL_CALLS_AT_ONCE = 16;

/** The stored conversation and where it stands (its last tours, the seats on offer). */
interface Opened {
  conversation: ChatConversation | null;
  context: GuideContext;
  /** The guide's last words in it: the same again is marked for staff. */
  previousReply?: string;
}

@Injectable()
export class ChatService {
  private readonly logger = new Logger(ChatService.name);
  private readonly modelCalls = new ModelCallSlots(MODEL_CALLS_AT_ONCE);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: GuideCatalogueService,
    private readonly desks: GuideDeskService,
    private readonly config: AppConfig,
    @InjectThrottlerStorage() private readonly counts: ThrottlerStorage,
    private readonly sky: SkyOutlooks,
    private readonly budget: GuideBudget,
  ) {}

  /**
   * Answers a guest and stores both sides of the exchange for the staff's chat logs. With an
   * outside model its reply is streamed to `onText` as it comes (the built-in answer is sent
   * whole); `gone` aborts the model's call when the guest leaves before the answer.
   */
  async ask(dto: ChatRequestDto, ip: string, gone?: AbortSignal, now = clock.now(), onText?: (text: string) => void): Promise<ChatReply> {
    const opened = await this.openConversation(dto);
    let sent = '';
    const stream = (text: string) => {
      sent += text;
      onText?.(text);
    };
    const fromModel = this.config.ai ? await this.askModel(dto, ip, opened, gone, now, stream) : undefined;
    if (fromModel) return this.store(dto, ip, opened, { ...fromModel, reply: sent || fromModel.reply }, now);
    // Half a model answer is followed by the whole built-in one.
    if (sent) stream('\n\n');
    const builtIn = await this.askBuiltIn(dto, ip, opened, now);
    stream(builtIn.reply);
    return this.store(dto, ip, opened, { ...builtIn, reply: sent }, now);
  }

  /** The built-in guide, over the live seats; a hold it makes takes the conversation's offer first. */
  private async askBuiltIn(dto: ChatRequestDto, ip: string, opened: Opened, now: Date): Promise<GuideAnswer> {
    const { guide } = await this.catalogue.guide();
    const key = opened.conversation?.offerKey;
    const claim = key ? () => this.claimOffer(opened.conversation!.id, key) : undefined;
    return guide.answer(dto.message, { pageLang: dto.lang, now, context: opened.context, desk: this.desks.forGuest(ip, claim), sky: this.sky });
  }

  /**
   * The outside model writes the reply, grounded in the built-in guide's (read without the
   * offer, so that only the model holds), with tools for seats and holds; the tour cards stay
   * the built-in guide's real ones. Any failure, or every slot busy: undefined, and the
   * built-in guide answers (after any half reply already streamed).
   */
  private async askModel(dto: ChatRequestDto, ip: string, opened: Opened, gone: AbortSignal | undefined, now: Date, onText: (text: string) => void): Promise<GuideAnswer | undefined> {
    const ai = this.config.ai!;
    const { guide, catalogue } = await this.catalogue.guide();
    const desk = this.desks.forGuest(ip);
    const grounded = await guide.answer(dto.message, { pageLang: dto.lang, now, context: { lastTours: opened.context.lastTours }, desk, sky: this.sky });
    const lang = grounded.lang ?? 'en';
    const session: ToolSession = {};
    let streamed = false;
    try {
      const history = opened.conversation ? await this.recentTurns(opened.conversation.id) : [];
      const called = await this.modelCalls.tryRun(() =>
        // Each request to the model is taken from the guide's budget first; the whole answer has a deadline, a silent stream another.
        askModel(modelClient({ ...ai, timeoutMs: Math.min(ai.budget.answerMs, 10_000) }, this.budget.fetchWithin(ai.budget)), ai.model, {
          deadlineMs: ai.budget.answerMs,
          idleMs: ai.budget.streamIdleMs,
          prompt: systemPrompt(catalogue, grounded, lang, now),
          history,
          message: dto.message,
          tools: guideTools(catalogue, desk, lang, session, now, this.sky),
          gone,
          onText: (text) => {
            streamed = true;
            onText(text);
          },
        }),
      );
      if (!called) throw new Error(`all ${this.modelCalls.size} model call slots are busy`);
      const held = session.held ? { held: session.held.reference, action: { href: session.held.href, label: voiceOf(lang).say('hold.label') }, offer: null } : {};
      // The model may still say something, but nothing of ours grounded it: staff see it marked all the same.
      return { reply: called.value, tours: grounded.tours, lang, ...held, ...(grounded.unanswered ? { unanswered: true } : {}) };
    } catch (error) {
      this.logger.warn(`AI provider failed, the built-in guide answers: ${String(error)}`);
      if (!session.held) return undefined;
      // The hold is made: say so and hand over its link, whatever became of the model's words.
      const label = voiceOf(lang).say('hold.label');
      onText(`${streamed ? '\n\n' : ''}${label}: ${session.held.href}`);
      return { reply: '', tours: grounded.tours, lang, held: session.held.reference, action: { href: session.held.href, label }, offer: null };
    }
  }

  /** Takes the conversation's offer if it is still the one read: on any replica, only one hold wins it. */
  private async claimOffer(conversationId: string, key: string): Promise<boolean> {
    const result = await this.dataSource.createQueryBuilder().update(ChatConversation).set({ offerKey: null }).where({ id: conversationId, offerKey: key }).execute();
    return result.affected === 1;
  }

  /**
   * The conversation to continue, if the guest names one we know, with the tours its last
   * answers named and the seats on offer; counts this message against its limit atomically (in
   * the rate-limit storage, Redis with REDIS_URL), so messages sent at once, to any replica, are
   * each counted before any is answered.
   */
  private async openConversation(dto: ChatRequestDto): Promise<Opened> {
    const conversation = dto.conversationId ? await this.dataSource.getRepository(ChatConversation).findOneBy({ id: dto.conversationId }) : null;
    if (!conversation) return { conversation: null, context: { lastTours: [] } };
    const count = await this.countMessage(conversation.id);
    if (count.isBlocked) {
      throw new RetryLaterException('You are writing faster than our guide can read. Please wait a minute and try again.', Math.max(1, count.timeToBlockExpire));
    }
    const guideSaid = () => this.dataSource.getRepository(ChatMessage).createQueryBuilder('message').where({ conversationId: conversation.id, role: 'guide' }).orderBy('message.id', 'DESC');
    const [lastWithTours, last] = await Promise.all([guideSaid().andWhere('message.tours IS NOT NULL').andWhere("message.tours <> '[]'").getOne(), guideSaid().getOne()]);
    // An offer taken (a hold under way, its key cleared) or made into a booking: this conversation has held seats already.
    const held = !conversation.offerKey && (conversation.offer !== null || conversation.bookingReference !== null);
    return { conversation, previousReply: last?.content, context: { lastTours: (lastWithTours?.tours ?? []).map((tour) => tour.slug), offer: conversation.offerKey ? conversation.offer : null, ...(held ? { held } : {}) } };
  }

  private countMessage(conversationId: string) {
    const { windowMs, messages } = CONVERSATION_LIMIT;
    return this.counts.increment(`chat-conversation:${conversationId}`, windowMs, messages, windowMs, 'conversation');
  }

  private async store(dto: ChatRequestDto, ip: string, opened: Opened, answer: GuideAnswer, now: Date): Promise<ChatReply> {
    const existing = opened.conversation;
    const conversationId = existing?.id ?? randomUUID();
    // A new offer gets a new key; no offer, none; an answer that did not touch it leaves it be.
    const offer = answer.offer === undefined ? {} : { offer: answer.offer, offerKey: answer.offer ? randomUUID() : null };
    const state = { language: answer.lang ?? 'en', ...offer, ...(answer.held ? { bookingReference: answer.held } : {}) };
    const missed = missedReason(dto.message, answer, opened.previousReply);
    await this.dataSource.transaction(async (manager) => {
      // The conversation's row first, written (and so locked) before the messages that point at it:
      // two answers to one conversation at once then take turns instead of deadlocking on it.
      if (existing) {
        await manager
          .createQueryBuilder()
          .update(ChatConversation)
          .set({ messageCount: () => 'message_count + 2', updatedAt: now, ...state })
          .where({ id: conversationId })
          .execute();
      } else {
        await manager.insert(ChatConversation, { id: conversationId, ipHash: hashIp(ip, this.config.key('visitor-address')), firstQuestion: dto.message.slice(0, 300), messageCount: 2, updatedAt: now, ...state });
      }
      await manager.insert(ChatMessage, [
        { conversationId, role: 'guest', content: dto.message, tours: null },
        { conversationId, role: 'guide', content: answer.reply, tours: answer.tours, unanswered: missed !== null, unansweredReason: missed },
      ]);
    });
    // The question that opened the conversation counts against its limit too.
    if (!existing) await this.countMessage(conversationId);
    // The mark is for staff; the guest's answer is the reply, its tours and its link.
    return { conversationId, reply: answer.reply, tours: answer.tours, ...(answer.action ? { action: answer.action } : {}) };
  }

  private async recentTurns(conversationId: string): Promise<ChatTurn[]> {
    const messages = await this.dataSource.getRepository(ChatMessage).find({ where: { conversationId }, order: { id: 'DESC' }, take: 6 });
    return messages.reverse().map((message) => ({ role: message.role === 'guest' ? 'user' : 'assistant', content: message.content }));
  }
}
