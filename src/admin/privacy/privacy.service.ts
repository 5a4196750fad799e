import { ConflictException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, In, IsNull, LessThan, Not, type SelectQueryBuilder } from 'typeorm';

import { holdIsLive } from '../../bookings/booking-lifecycle';
import { BookingLifecycle } from '../../bookings/booking-lifecycle.service';
import { maskEmail } from '../../bookings/booking.mapper';
import { Booking } from '../../bookings/booking.entity';
import { ChatConversation } from '../../chat/chat-conversation.entity';
import { ChatMessage } from '../../chat/chat-message.entity';
import { ContactMessage } from '../../contact/contact-message.entity';
import { OutboxMail } from '../../mail/outbox-mail.entity';
import { AuditLogService } from '../../common/audit/audit-log.service';
import type { AuthenticatedAdmin } from '../auth/admin-token';
import { LoginLimits } from '../auth/login-limits';

/** What the privacy page promises (spec section 9): how long each kind of record is kept. */
export const RETENTION = {
  /** Booking information, for the accounts (bookkeeping). */
  bookingYears: 7,
  /** Customer communications: contact messages, conversations with the AI guide, mails sent. */
  communicationYears: 3,
} as const;

const yearsBefore = (now: Date, years: number): Date => {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
};

/** A LIKE pattern for text containing `text`; '!' escapes the wildcards the same way on MySQL and SQLite (a backslash does not). */
const containing = (text: string): string => `%${text.replace(/[!%_]/g, (character) => `!${character}`)}%`;

/** Bookings anonymised per retention pass: the job repeats passes until none is left. */
const RETENTION_BATCH = 100;

export interface GuestExport {
  email: string;
  exportedAt: string;
  bookings: Record<string, unknown>[];
  contactMessages: { name: string; email: string; message: string; createdAt: string; handledAt: string | null }[];
  chatConversations: { id: string; createdAt: string; messages: { role: string; content: string; createdAt: string }[] }[];
  mails: { topic: string; subject: string; status: string; createdAt: string; sentAt: string | null }[];
}

export interface ErasureResult {
  bookingsAnonymised: number;
  contactMessagesDeleted: number;
  chatConversationsDeleted: number;
  mailsDeleted: number;
}

/**
 * The privacy page enforced: everything held about one guest, exported or erased on request
 * (each in the audit log), and the retention periods applied every day.
 */
@Injectable()
export class PrivacyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lifecycle: BookingLifecycle,
    private readonly audit: AuditLogService,
    private readonly logins: LoginLimits,
  ) {}

  /** Everything held about the guest with this email, as JSON they can be sent. */
  async export(email: string, admin: AuthenticatedAdmin, now = new Date()): Promise<GuestExport> {
    const bookings = await this.bookingsOf(email);
    const [contactMessages, conversations, mails] = await Promise.all([
      this.contactMessagesOf(email),
      this.conversationsOf(email),
      this.mailsAbout(email, bookings.map((booking) => booking.reference)).orderBy('mail.id', 'ASC').getMany(),
    ]);
    const messages = conversations.length
      ? await this.dataSource.getRepository(ChatMessage).find({ where: { conversationId: In(conversations.map((conversation) => conversation.id)) }, order: { createdAt: 'ASC', id: 'ASC' } })
      : [];
    await this.audit.record(admin.email, 'privacy.export', `guest:${maskEmail(email)}`);
    return {
      email,
      exportedAt: now.toISOString(),
      bookings: bookings.map((booking) => ({
        reference: booking.reference,
        tour: booking.departure?.tour?.title ?? null,
        startsAt: booking.departure?.startsAt.toISOString() ?? null,
        guests: booking.guests,
        name: booking.name,
        email: booking.email,
        phone: booking.phone,
        notes: booking.notes,
        pickup: booking.pickup,
        status: booking.status,
        paymentMethod: booking.paymentMethod,
        paymentStatus: booking.paymentStatus,
        totalSek: booking.totalSek,
        createdAt: booking.createdAt.toISOString(),
      })),
      contactMessages: contactMessages.map((message) => ({
        name: message.name,
        email: message.email,
        message: message.message,
        createdAt: message.createdAt.toISOString(),
        handledAt: message.handledAt?.toISOString() ?? null,
      })),
      chatConversations: conversations.map((conversation) => ({
        id: conversation.id,
        createdAt: conversation.createdAt.toISOString(),
        messages: messages
          .filter((message) => message.conversationId === conversation.id)
          .map((message) => ({ role: message.role, content: message.content, createdAt: message.createdAt.toISOString() })),
      })),
      mails: mails.map((mail) => ({ topic: mail.topic, subject: mail.subject, status: mail.status, createdAt: mail.createdAt.toISOString(), sentAt: mail.sentAt?.toISOString() ?? null })),
    };
  }

  /**
   * Erases the guest: bookings anonymised (the accounts keep amounts, dates and tour), their
   * messages, conversations and mails deleted. Refused while a booking of theirs is still to
   * happen, since we would lose the way to reach them about it.
   */
  async erase(email: string, admin: AuthenticatedAdmin, now = new Date()): Promise<ErasureResult> {
    const bookings = await this.bookingsOf(email);
    const ongoing = bookings.filter((booking) => holdIsLive(booking, now) || (booking.status === 'confirmed' && booking.departure!.startsAt > now));
    if (ongoing.length > 0) {
      throw new ConflictException(
        `Gästen har bokningar som ännu inte ägt rum (${ongoing.map((booking) => booking.reference).join(', ')}). Avboka dem först, eller vänta tills turen är över.`,
      );
    }
    let bookingsAnonymised = 0;
    for (const booking of bookings) {
      if ((await this.lifecycle.anonymise(booking.reference, now)) === 'anonymised') bookingsAnonymised++;
    }
    const references = bookings.map((booking) => booking.reference);
    const conversations = await this.conversationsOf(email);
    const [contact, chats, mails] = await Promise.all([
      this.dataSource.getRepository(ContactMessage).createQueryBuilder().delete().where('LOWER(email) = :email', { email }).execute(),
      conversations.length ? this.dataSource.getRepository(ChatConversation).delete({ id: In(conversations.map((conversation) => conversation.id)) }) : Promise.resolve({ affected: 0 }),
      this.deleteMails(email, references),
    ]);
    const result: ErasureResult = {
      bookingsAnonymised,
      contactMessagesDeleted: contact.affected ?? 0,
      chatConversationsDeleted: chats.affected ?? 0,
      mailsDeleted: mails,
    };
    // The log names the guest masked: an erasure must not leave the address behind in its own record.
    await this.audit.record(admin.email, 'privacy.erase', `guest:${maskEmail(email)}`, result);
    return result;
  }

  /**
   * One retention pass at `now`: communications older than 3 years deleted, bookings older
   * than 7 years anonymised, old failed logins forgotten. Every step is a conditional delete
   * or a conditional update, so two processes running it at once do each row once.
   */
  async applyRetention(now = new Date()): Promise<number> {
    const communications = yearsBefore(now, RETENTION.communicationYears);
    const [contact, chats, mails, logins] = await Promise.all([
      this.dataSource.getRepository(ContactMessage).delete({ createdAt: LessThan(communications) }),
      this.dataSource.getRepository(ChatConversation).delete({ updatedAt: LessThan(communications) }),
      // A mail still waiting to go out is never dropped.
      this.dataSource.getRepository(OutboxMail).delete({ createdAt: LessThan(communications), status: Not('pending') }),
      this.logins.forgetOld(now),
    ]);
    const due = await this.dataSource.getRepository(Booking).find({
      select: { reference: true },
      where: { createdAt: LessThan(yearsBefore(now, RETENTION.bookingYears)), anonymisedAt: IsNull(), status: Not('held') },
      order: { id: 'ASC' },
      take: RETENTION_BATCH,
    });
    let anonymised = 0;
    for (const { reference } of due) {
      try {
        if ((await this.lifecycle.anonymise(reference, now)) === 'anonymised') anonymised++;
      } catch (error) {
        // A booking the lifecycle refuses (a tour still to come) waits for a later pass.
        if (!(error instanceof ConflictException)) throw error;
      }
    }
    return (contact.affected ?? 0) + (chats.affected ?? 0) + (mails.affected ?? 0) + logins + anonymised;
  }

  private bookingsOf(email: string): Promise<Booking[]> {
    return this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .leftJoinAndSelect('booking.departure', 'departure')
      .leftJoinAndSelect('departure.tour', 'tour')
      .where('LOWER(booking.email) = :email', { email })
      .orderBy('booking.id', 'ASC')
      .getMany();
  }

  private contactMessagesOf(email: string): Promise<ContactMessage[]> {
    return this.dataSource.getRepository(ContactMessage).createQueryBuilder('message').where('LOWER(message.email) = :email', { email }).orderBy('message.id', 'ASC').getMany();
  }

  /** Conversations with the AI guide are anonymous; those where the guest wrote their email are theirs. */
  private async conversationsOf(email: string): Promise<ChatConversation[]> {
    const ids = await this.dataSource
      .getRepository(ChatMessage)
      .createQueryBuilder('message')
      .select('DISTINCT message.conversation_id', 'id')
      .where("LOWER(message.content) LIKE :pattern ESCAPE '!'", { pattern: containing(email) })
      .getRawMany<{ id: string }>();
    if (ids.length === 0) return [];
    return this.dataSource.getRepository(ChatConversation).find({ where: { id: In(ids.map((row) => row.id)) }, order: { createdAt: 'ASC' } });
  }

  /** Mails to the guest, and staff notices about them or their bookings (which quote their details). */
  private mailsAbout(email: string, references: string[]): SelectQueryBuilder<OutboxMail> {
    return this.dataSource
      .getRepository(OutboxMail)
      .createQueryBuilder('mail')
      .where(
        new Brackets((where) => {
          where.where('LOWER(mail.recipient) = :email', { email }).orWhere("LOWER(mail.message) LIKE :pattern ESCAPE '!'", { pattern: containing(email) });
          if (references.length) where.orWhere('mail.booking_reference IN (:...references)', { references });
        }),
      );
  }

  private async deleteMails(email: string, references: string[]): Promise<number> {
    const ids = (await this.mailsAbout(email, references).select('mail.id', 'id').getRawMany<{ id: number }>()).map((row) => row.id);
    if (ids.length === 0) return 0;
    return (await this.dataSource.getRepository(OutboxMail).delete({ id: In(ids) })).affected ?? 0;
  }
}
