import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, LessThan } from 'typeorm';

import type { ConversationBooking, ConversationRow, ExportedConversation, TranscriptView } from '../../shared/admin-types';
import { BookingsService } from '../bookings/bookings.service';
import { mentionsAddress } from '../common/text/email-address';
import { containing } from '../common/text/like-pattern';
import { ChatConversation } from './chat-conversation.entity';
import { ChatMessage } from './chat-message.entity';

const PAGE_SIZE = 50;

const row = (conversation: ChatConversation, unanswered: Map<string, number>, booking: ConversationBooking | null): ConversationRow => ({
  id: conversation.id,
  firstQuestion: conversation.firstQuestion,
  messageCount: conversation.messageCount,
  unansweredCount: unanswered.get(conversation.id) ?? 0,
  language: conversation.language,
  booking,
  createdAt: conversation.createdAt.toISOString(),
  updatedAt: conversation.updatedAt.toISOString(),
});

/** The guide's conversations as staff read them. */
@Injectable()
export class ConversationLog {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bookings: BookingsService,
  ) {}

  /**
   * Conversations newest first; `q` finds any message that contains the text, `unanswered`
   * keeps those with an answer nothing of ours grounded, `booked` those that led to a booking.
   */
  async conversations(q: string | undefined, page = 1, unanswered = false, booked = false): Promise<{ data: ConversationRow[]; total: number }> {
    const query = this.dataSource.getRepository(ChatConversation).createQueryBuilder('conversation').orderBy('conversation.updatedAt', 'DESC');
    if (q) {
      query.andWhere("conversation.id IN (SELECT message.conversation_id FROM chat_messages message WHERE LOWER(message.content) LIKE :like ESCAPE '!')", { like: containing(q.toLowerCase()) });
    }
    if (unanswered) query.andWhere('conversation.id IN (SELECT marked.conversation_id FROM chat_messages marked WHERE marked.unanswered = :marked)', { marked: true });
    if (booked) query.andWhere('conversation.bookingReference IS NOT NULL');
    const [conversations, total] = await query.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getManyAndCount();
    return { data: await this.rows(conversations), total };
  }

  /** Conversations as staff list them: with their unanswered marks and the booking each led to. */
  private async rows(conversations: ChatConversation[]): Promise<ConversationRow[]> {
    const [marks, bookings] = await Promise.all([this.unansweredCounts(conversations.map((conversation) => conversation.id)), Promise.all(conversations.map((conversation) => this.bookingOf(conversation)))]);
    return conversations.map((conversation, index) => row(conversation, marks, bookings[index]));
  }

  /** The booking a conversation led to, as it stands now. */
  private async bookingOf(conversation: ChatConversation): Promise<ConversationBooking | null> {
    const reference = conversation.bookingReference;
    if (!reference) return null;
    try {
      return { reference, status: (await this.bookings.summary(reference)).status };
    } catch {
      // Erased, or never to be found again: the reference is all there is.
      return { reference, status: null };
    }
  }

  /** How many unanswered marks each of these conversations has. */
  private async unansweredCounts(ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const counts = await this.dataSource
      .getRepository(ChatMessage)
      .createQueryBuilder('message')
      .select('message.conversationId', 'conversationId')
      .addSelect('COUNT(*)', 'marked')
      .where({ conversationId: In(ids), unanswered: true })
      .groupBy('message.conversationId')
      .getRawMany<{ conversationId: string; marked: string | number }>();
    return new Map(counts.map((count) => [count.conversationId, Number(count.marked)]));
  }

  /** Conversations are anonymous; those where the guest wrote their email are theirs (for an export or an erasure). */
  async heldAbout(email: string): Promise<ExportedConversation[]> {
    const ids = await this.idsMentioning(email);
    if (ids.length === 0) return [];
    const [conversations, messages] = await Promise.all([
      this.dataSource.getRepository(ChatConversation).find({ where: { id: In(ids) }, order: { createdAt: 'ASC' } }),
      this.dataSource.getRepository(ChatMessage).find({ where: { conversationId: In(ids) }, order: { createdAt: 'ASC', id: 'ASC' } }),
    ]);
    return conversations.map((conversation) => ({
      id: conversation.id,
      createdAt: conversation.createdAt.toISOString(),
      messages: messages
        .filter((message) => message.conversationId === conversation.id)
        .map((message) => ({ role: message.role, content: message.content, createdAt: message.createdAt.toISOString() })),
    }));
  }

  /** Deletes the conversations where the guest wrote their email; how many went. */
  async forget(email: string): Promise<number> {
    const ids = await this.idsMentioning(email);
    return ids.length ? ((await this.dataSource.getRepository(ChatConversation).delete({ id: In(ids) })).affected ?? 0) : 0;
  }

  /** Deletes conversations idle since before `cutoff` (the retention period). */
  async deleteIdleSince(cutoff: Date): Promise<number> {
    return (await this.dataSource.getRepository(ChatConversation).delete({ updatedAt: LessThan(cutoff) })).affected ?? 0;
  }

  /** Conversations where the guest wrote this address (LIKE finds the candidates; an address inside a longer one is not theirs). */
  private async idsMentioning(email: string): Promise<string[]> {
    const candidates = await this.dataSource
      .getRepository(ChatMessage)
      .createQueryBuilder('message')
      .select(['message.conversationId', 'message.content'])
      .where("LOWER(message.content) LIKE :pattern ESCAPE '!'", { pattern: containing(email) })
      .getMany();
    return [...new Set(candidates.filter((message) => mentionsAddress(message.content, email)).map((message) => message.conversationId))];
  }

  /** The latest conversations, for the dashboard. */
  async recent(limit: number): Promise<ConversationRow[]> {
    return this.rows(await this.dataSource.getRepository(ChatConversation).find({ order: { updatedAt: 'DESC' }, take: limit }));
  }

  async transcript(id: string): Promise<TranscriptView> {
    const conversation = await this.dataSource.getRepository(ChatConversation).findOneBy({ id });
    if (!conversation) throw new NotFoundException('Konversationen finns inte.');
    const messages = await this.dataSource.getRepository(ChatMessage).find({ where: { conversationId: id }, order: { createdAt: 'ASC', id: 'ASC' } });
    return {
      id,
      createdAt: conversation.createdAt.toISOString(),
      language: conversation.language,
      booking: await this.bookingOf(conversation),
      messages: messages.map((message) => ({ role: message.role, content: message.content, tours: message.tours ?? [], createdAt: message.createdAt.toISOString(), unanswered: message.unanswered, unansweredReason: message.unanswered ? (message.unansweredReason ?? 'no-content') : null })),
    };
  }
}
