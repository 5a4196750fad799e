import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import { AppConfig } from '../../config/app-config';
import { isMysqlFamily } from '../../database/data-source-options';
import { MailOutbox } from '../../mail/mail-outbox.service';
import { BookingMails } from '../booking-mail.service';
import { Booking } from '../booking.entity';
import { BookingWriter } from './booking-writer';

/** The reminder before a tour: once per booking, however many processes run. */
@Injectable()
export class Reminders {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly mails: BookingMails,
    private readonly outbox: MailOutbox,
    private readonly writer: BookingWriter,
  ) {}

  /**
   * remind: one reminder per booking, REMINDER_HOURS before the start, for confirmed bookings
   * made before that window opened (a later booking's confirmation says it all). The mark and
   * the mail are one transaction, conditional on no reminder yet: any number of processes
   * send each reminder once.
   */
  async sendDueReminders(now = new Date()): Promise<number> {
    const windowEnd = new Date(now.getTime() + this.config.reminderHours * 3_600_000);
    const due = await this.dataSource
      .getRepository(Booking)
      .createQueryBuilder('booking')
      .innerJoin('booking.departure', 'departure')
      .select(['booking.id', 'booking.reference'])
      .where("booking.status = 'confirmed'")
      .andWhere('booking.reminder_sent_at IS NULL')
      .andWhere("departure.status <> 'cancelled'")
      .andWhere('departure.starts_at > :now AND departure.starts_at <= :windowEnd', { now, windowEnd })
      .andWhere(`booking.created_at <= ${isMysqlFamily(this.dataSource.options) ? 'DATE_SUB(departure.starts_at, INTERVAL :hours HOUR)' : "datetime(departure.starts_at, '-' || :hours || ' hours')"}`, { hours: this.config.reminderHours })
      .orderBy('booking.id', 'ASC')
      .take(200)
      .getMany();
    let sent = 0;
    for (const { reference } of due) {
      sent += await this.writer.withBooking(reference, async (tx, booking) => {
        if (booking.reminderSentAt !== null || booking.status !== 'confirmed') return 0;
        if (!(await this.writer.markReminded(tx, booking, now))) return 0;
        await this.mails.reminder(tx.manager, { ...(await this.writer.details(tx.manager, booking, now)), pickup: booking.pickup });
        return 1;
      });
    }
    if (sent > 0) this.outbox.kick();
    return sent;
  }
}
