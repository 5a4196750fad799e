import { ConflictException, Injectable } from '@nestjs/common';

import type { ExportedContactMessage, ExportedConversation, ExportedMail } from '../../../shared/admin-types';
import { StaffActions } from '../../bookings/lifecycle/staff-actions.service';
import { maskEmail } from '../../bookings/booking.mapper';
import { StaffBookingsService } from '../../bookings/staff-bookings.service';
import { ConversationLog } from '../../chat/conversation-log.service';
import { GiftCardLedger } from '../../gift-cards/gift-card-ledger.service';
import { WaitlistLine } from '../../waitlist/waitlist-line.service';
import { Ratings } from '../../reviews/ratings.service';
import { MailOptOuts } from '../../mail/mail-opt-outs.service';
import { AuditLogService } from '../../common/audit/audit-log.service';
import { ContactInbox } from '../../contact/contact-inbox.service';
import { MailOutbox } from '../../mail/mail-outbox.service';
import type { AuthenticatedAdmin } from '../auth/admin-token';
import { LoginLimits } from '../auth/login-limits';
import { clock } from '../../common/clock';

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

/** Bookings anonymised per retention pass: the job repeats passes until none is left. */
const RETENTION_BATCH = 100;

export interface GuestExport {
  email: string;
  exportedAt: string;
  bookings: Record<string, unknown>[];
  contactMessages: ExportedContactMessage[];
  chatConversations: ExportedConversation[];
  mails: ExportedMail[];
  /** Gift cards the guest bought or was given. */
  giftCards: Record<string, unknown>[];
  /** Places on waitlists, with how each ended. */
  waitlistEntries: Record<string, unknown>[];
  /** Ratings of their tours, with comments. */
  ratings: { score: number; comment: string | null; createdAt: string }[];
  /** The kinds of mail the address stopped (the consents it withdrew; the "remind me" tick is on each booking). */
  mailOptOuts: { kind: string; since: string }[];
}

export interface ErasureResult {
  bookingsAnonymised: number;
  contactMessagesDeleted: number;
  chatConversationsDeleted: number;
  mailsDeleted: number;
  /** Gift cards whose buyer or recipient was the guest: the details gone, the balance kept. */
  giftCardsForgotten: number;
  /** Places on waitlists, deleted (an open offer's seats free at once). */
  waitlistEntriesDeleted: number;
  /** Ratings of their tours, deleted. */
  ratingsDeleted: number;
}

/**
 * The privacy page enforced: everything held about one guest, exported or erased on request
 * (each in the audit log), and the retention periods applied every day.
 */
@Injectable()
export class PrivacyService {
  constructor(
    private readonly staffActions: StaffActions,
    private readonly bookings: StaffBookingsService,
    private readonly contact: ContactInbox,
    private readonly conversations: ConversationLog,
    private readonly outbox: MailOutbox,
    private readonly audit: AuditLogService,
    private readonly logins: LoginLimits,
    private readonly giftCards: GiftCardLedger,
    private readonly waitlist: WaitlistLine,
    private readonly ratings: Ratings,
    private readonly optOuts: MailOptOuts,
  ) {}

  /** Everything held about the guest with this email, as JSON they can be sent. */
  async export(email: string, admin: AuthenticatedAdmin, now = clock.now()): Promise<GuestExport> {
    const bookings = await this.bookings.heldAbout(email, now);
    const [contactMessages, chatConversations, mails, giftCards, waitlistEntries, ratings, mailOptOuts] = await Promise.all([
      this.contact.heldAbout(email),
      this.conversations.heldAbout(email),
      this.outbox.heldAbout(email, bookings.references),
      this.giftCards.heldAbout(email),
      this.waitlist.exported(email),
      this.ratings.heldAbout(bookings.ids),
      this.optOuts.heldAbout(email),
    ]);
    await this.audit.record(admin.email, 'privacy.export', `guest:${maskEmail(email)}`);
    return { email, exportedAt: now.toISOString(), bookings: bookings.exported, contactMessages, chatConversations, mails, giftCards, waitlistEntries, ratings, mailOptOuts };
  }

  /**
   * Erases the guest: bookings anonymised (the accounts keep amounts, dates and tour), their
   * messages, conversations and mails deleted. Refused while a booking of theirs is still to
   * happen, since we would lose the way to reach them about it.
   */
  async erase(email: string, admin: AuthenticatedAdmin, now = clock.now()): Promise<ErasureResult> {
    const bookings = await this.bookings.heldAbout(email, now);
    if (bookings.ongoing.length > 0) {
      throw new ConflictException(`Gästen har bokningar som ännu inte ägt rum (${bookings.ongoing.join(', ')}). Avboka dem först, eller vänta tills turen är över.`);
    }
    let bookingsAnonymised = 0;
    for (const reference of bookings.references) {
      if ((await this.staffActions.anonymise(reference, now)) === 'anonymised') bookingsAnonymised++;
    }
    // Ratings go before the bookings they belong to lose their guest's details (they are found by booking).
    const ratingsDeleted = await this.ratings.forget(bookings.ids);
    const [contactMessagesDeleted, chatConversationsDeleted, mailsDeleted, giftCardsForgotten, waitlistEntriesDeleted] = await Promise.all([
      this.contact.forget(email),
      this.conversations.forget(email),
      this.outbox.forget(email, bookings.references),
      this.giftCards.forget(email),
      this.waitlist.forget(email),
      this.optOuts.forget(email),
    ]);
    const result: ErasureResult = { bookingsAnonymised, contactMessagesDeleted, chatConversationsDeleted, mailsDeleted, giftCardsForgotten, waitlistEntriesDeleted, ratingsDeleted };
    // The log names the guest masked: an erasure must not leave the address behind in its own record.
    await this.audit.record(admin.email, 'privacy.erase', `guest:${maskEmail(email)}`, result);
    return result;
  }

  /**
   * One retention pass at `now`: communications older than 3 years deleted, bookings older
   * than 7 years anonymised, old failed logins forgotten. Every step is a conditional delete
   * or a conditional update, so two processes running it at once do each row once.
   */
  async applyRetention(now = clock.now()): Promise<number> {
    const communications = yearsBefore(now, RETENTION.communicationYears);
    const deleted = await Promise.all([
      this.contact.deleteOlderThan(communications),
      this.conversations.deleteIdleSince(communications),
      this.outbox.deleteOlderThan(communications),
      this.logins.forgetOld(now),
    ]);
    let anonymised = 0;
    for (const reference of await this.bookings.dueForAnonymising(yearsBefore(now, RETENTION.bookingYears), RETENTION_BATCH)) {
      try {
        if ((await this.staffActions.anonymise(reference, now)) === 'anonymised') anonymised++;
      } catch (error) {
        // A booking the lifecycle refuses (a tour still to come) waits for a later pass.
        if (!(error instanceof ConflictException)) throw error;
      }
    }
    return deleted.reduce((sum, count) => sum + count, 0) + anonymised;
  }
}
