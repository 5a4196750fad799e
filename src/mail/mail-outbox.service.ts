import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, EntityManager, In, LessThan, MoreThan, Not } from 'typeorm';

import type { ExportedMail, OutboxMailView } from '../../shared/admin-types';
import { mentionsAddress } from '../common/text/email-address';
import { containing } from '../common/text/like-pattern';
import { claimDueWork, describeError, nextAttemptAfterFailure } from '../common/jobs/due-work';
import { PeriodicWorker } from '../common/jobs/periodic-worker';
import { insertOnly } from '../database/insert-only';
import { afterCommit } from '../database/transactions';
import { MailService, type OutgoingMail } from './mail.service';
import { OutboxMail } from './outbox-mail.entity';
import { clock } from '../common/clock';


/** A mail as staff see it: to whom, about what, how its tries went; never its text. */
const mailView = ({ id, topic, recipient, subject, bookingReference, attempts, lastError, createdAt }: OutboxMail): OutboxMailView => ({
  id,
  topic,
  recipient,
  subject,
  bookingReference,
  attempts,
  lastError,
  createdAt: createdAt.toISOString(),
});

/**
 * The transactional mail outbox. `enqueue` writes a mail in the caller's transaction, so it
 * exists exactly when the change it announces does; the worker claims due rows (SKIP LOCKED on
 * MySQL, so every replica takes different ones), sends each, and retries with backoff. After the
 * last try the mail waits on the staff dashboard for "send again". Rows survive restarts.
 */
@Injectable()
export class MailOutbox extends PeriodicWorker {
  static readonly BACKOFF_MS = [30_000, 120_000, 600_000, 1_800_000, 7_200_000];
  /** Longer than the SMTP transport's own time-outs, so a live send is never claimed twice. */
  static readonly LEASE_MS = 120_000;
  protected readonly logger = new Logger(MailOutbox.name);
  protected readonly everyMs = 5_000;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
  ) {
    super();
  }

  /** Mails to the guest, and staff notices about them or their bookings (which quote their details): for their data export. */
  async heldAbout(email: string, references: string[]): Promise<ExportedMail[]> {
    const mails = await this.about(email, references);
    return mails.map((mail) => ({ topic: mail.topic, subject: mail.subject, status: mail.status, createdAt: mail.createdAt.toISOString(), sentAt: mail.sentAt?.toISOString() ?? null }));
  }

  /**
   * Deletes those mails (an erasure); how many went. A mail still waiting to go to someone else
   * (the staff's notice) is kept: deleting it would take it from them, not from us.
   */
  async forget(email: string, references: string[]): Promise<number> {
    const ids = (await this.about(email, references)).filter((mail) => mail.status !== 'pending' || mail.recipient.toLowerCase() === email).map((mail) => mail.id);
    if (!ids.length) return 0;
    // Conditional: a mail that became pending again meanwhile ("send again") is not taken from under the worker.
    const kept = await this.dataSource
      .getRepository(OutboxMail)
      .createQueryBuilder()
      .delete()
      .where({ id: In(ids) })
      .andWhere(new Brackets((where) => where.where("status <> 'pending'").orWhere('LOWER(recipient) = :email', { email })))
      .execute();
    return kept.affected ?? 0;
  }

  /** How many mails on `topic` about this booking were written since `since`, as `manager`'s transaction sees them. */
  countAbout(manager: EntityManager, reference: string, topic: string, since: Date): Promise<number> {
    return manager.countBy(OutboxMail, { bookingReference: reference, topic, createdAt: MoreThan(since) });
  }

  /** Deletes mails older than `cutoff` (the retention period); one still waiting to go out is never dropped. */
  async deleteOlderThan(cutoff: Date): Promise<number> {
    return (await this.dataSource.getRepository(OutboxMail).delete({ createdAt: LessThan(cutoff), status: Not('pending') })).affected ?? 0;
  }

  /**
   * Mails to this address, about these bookings, or naming the address in their text as an
   * address of its own (LIKE finds the candidates; `a@x.se` inside `anna@x.se` is someone else).
   */
  private async about(email: string, references: string[]): Promise<OutboxMail[]> {
    const candidates = await this.dataSource
      .getRepository(OutboxMail)
      .createQueryBuilder('mail')
      .where(
        new Brackets((where) => {
          where.where('LOWER(mail.recipient) = :email', { email }).orWhere("LOWER(mail.message) LIKE :pattern ESCAPE '!'", { pattern: containing(email) });
          if (references.length) where.orWhere('mail.booking_reference IN (:...references)', { references });
        }),
      )
      .orderBy('mail.id', 'ASC')
      .getMany();
    return candidates.filter(
      (mail) =>
        mail.recipient.toLowerCase() === email ||
        (mail.bookingReference !== null && references.includes(mail.bookingReference)) ||
        [mail.message.subject, mail.message.text, mail.message.html ?? '', mail.message.replyTo ?? '', ...(mail.message.attachments ?? []).map((file) => ('content' in file ? file.content : ''))].some((text) =>
          mentionsAddress(text, email),
        ),
    );
  }

  /** Writes `mail` in the caller's transaction; it is sent as soon as that commits (afterCommit), or by the next pass. */
  async enqueue(manager: EntityManager, mail: OutgoingMail, about: { topic: string; bookingReference?: string }, now = clock.now()): Promise<void> {
    await insertOnly(manager, OutboxMail, {
      topic: about.topic,
      recipient: mail.to,
      subject: mail.subject.slice(0, 300),
      message: mail,
      bookingReference: about.bookingReference ?? null,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
    });
    afterCommit(manager, 'mail-outbox', () => this.kick());
  }

  protected async runOnce(now: Date): Promise<number> {
    const claimed = await claimDueWork(this.dataSource, OutboxMail, now, { limit: 10, leaseMs: MailOutbox.LEASE_MS });
    for (const row of claimed) await this.send(row);
    return claimed.length;
  }

  private async send(row: OutboxMail): Promise<void> {
    const outbox = this.dataSource.getRepository(OutboxMail);
    try {
      await this.mail.send(row.message);
      await outbox.update({ id: row.id, status: 'pending' }, { status: 'sent', sentAt: clock.now(), lastError: null });
    } catch (error) {
      const retryAt = nextAttemptAfterFailure(row.attempts, MailOutbox.BACKOFF_MS, clock.now());
      await outbox.update(
        { id: row.id, status: 'pending' },
        retryAt ? { nextAttemptAt: retryAt, lastError: describeError(error) } : { status: 'failed', lastError: describeError(error) },
      );
      const next = retryAt ? `trying again at ${retryAt.toISOString()}` : 'gave up; it waits on the dashboard';
      this.logger.warn(`Mail #${row.id} "${row.subject}" to ${row.recipient} failed (${describeError(error)}); ${next}`);
    }
  }

  /** The mails about one booking, oldest first: what went (or waits to go) to whom, for its history. */
  async aboutBooking(reference: string): Promise<(OutboxMailView & { status: OutboxMail['status']; sentAt: string | null })[]> {
    const rows = await this.dataSource.getRepository(OutboxMail).find({ where: { bookingReference: reference }, order: { id: 'ASC' }, take: 200 });
    return rows.map((row) => ({ ...mailView(row), status: row.status, sentAt: row.sentAt?.toISOString() ?? null }));
  }

  async failed(limit = 50): Promise<OutboxMailView[]> {
    const rows = await this.dataSource.getRepository(OutboxMail).find({ where: { status: 'failed' }, order: { id: 'DESC' }, take: limit });
    return rows.map(mailView);
  }

  pendingCount(): Promise<number> {
    return this.dataSource.getRepository(OutboxMail).countBy({ status: 'pending' });
  }

  /** "Send again" for a mail that gave up: a fresh round of tries, starting now. */
  async retry(id: number): Promise<void> {
    const result = await this.dataSource.getRepository(OutboxMail).update({ id, status: 'failed' }, { status: 'pending', attempts: 0, nextAttemptAt: clock.now() });
    if (!result.affected) throw new NotFoundException(`Det finns inget misslyckat mejl med id ${id}.`);
    this.kick();
  }
}
