import { Injectable } from '@nestjs/common';
import { TZDate } from '@date-fns/tz';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, DataSource, IsNull } from 'typeorm';

import { Booking } from '../../bookings/booking.entity';
import { ChatConversation } from '../../chat/chat-conversation.entity';
import { ContactMessage } from '../../contact/contact-message.entity';
import type { DashboardView } from '../../../shared/admin-types';
import { COMPANY_TIME_ZONE } from '../../database/seed/departure-schedule';
import { MailOutbox } from '../../mail/mail-outbox.service';
import { LoginLimits } from '../auth/login-limits';
import { AdminBookingsService } from '../bookings/admin-bookings.service';
import { TourDatesService } from '../tour-dates/tour-dates.service';

export type { DashboardView };


/** The start of a Kiruna-local day, `offset` days from `now`. */
function localDayStart(now: Date, offset: number): Date {
  const local = new TZDate(now.getTime(), COMPANY_TIME_ZONE);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + offset, 0, 0, COMPANY_TIME_ZONE).getTime());
}

@Injectable()
export class AdminDashboardService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tourDates: TourDatesService,
    private readonly bookings: AdminBookingsService,
    private readonly outbox: MailOutbox,
    private readonly logins: LoginLimits,
  ) {}

  async overview(now = new Date()): Promise<DashboardView> {
    const today = localDayStart(now, 0);
    const tomorrow = localDayStart(now, 1);
    const dayAfter = localDayStart(now, 2);
    const weekday = (new TZDate(now.getTime(), COMPANY_TIME_ZONE).getDay() + 6) % 7;
    const weekStart = localDayStart(now, -weekday);
    // Winter season: 1 September to 30 April; summer season: 1 May to 31 August.
    const local = new TZDate(now.getTime(), COMPANY_TIME_ZONE);
    const month = local.getMonth();
    const [seasonYear, seasonMonth] = month >= 8 ? [local.getFullYear(), 8] : month >= 4 ? [local.getFullYear(), 4] : [local.getFullYear() - 1, 8];
    const seasonStart = new Date(new TZDate(seasonYear, seasonMonth, 1, 0, 0, COMPANY_TIME_ZONE).getTime());

    const bookings = this.dataSource.getRepository(Booking);
    const totals = async (from: Date) => {
      const row = await bookings
        .createQueryBuilder('booking')
        .select('COUNT(*)', 'count')
        .addSelect('COALESCE(SUM(booking.total_sek), 0)', 'revenue')
        .where("booking.status = 'confirmed'")
        .andWhere('booking.confirmed_at >= :from', { from })
        .getRawOne<{ count: string | number; revenue: string | number }>();
      return { bookings: Number(row?.count ?? 0), revenueSek: Number(row?.revenue ?? 0) };
    };

    const [todays, tomorrows, week, season, expiring, unread, conversations, pendingMails, failedMails, failedRefunds, attention, failedLogins] = await Promise.all([
      this.tourDates.list({ from: today.toISOString(), to: tomorrow.toISOString() }, now),
      this.tourDates.list({ from: tomorrow.toISOString(), to: dayAfter.toISOString() }, now),
      totals(weekStart),
      totals(seasonStart),
      bookings.find({
        where: { status: 'held', holdExpiresAt: Between(now, new Date(now.getTime() + 10 * 60_000)) },
        order: { holdExpiresAt: 'ASC' },
        take: 20,
      }),
      this.dataSource.getRepository(ContactMessage).countBy({ handledAt: IsNull() }),
      this.dataSource.getRepository(ChatConversation).find({ order: { updatedAt: 'DESC' }, take: 5 }),
      this.outbox.pendingCount(),
      this.outbox.failed(),
      this.bookings.failedRefunds(),
      this.bookings.needingAttention(),
      this.logins.recentFailures(now),
    ]);
    return {
      today: todays,
      tomorrow: tomorrows,
      week,
      season,
      expiringHolds: expiring.map((booking) => ({ reference: booking.reference, name: booking.name, guests: booking.guests, holdExpiresAt: booking.holdExpiresAt!.toISOString() })),
      unreadContactMessages: unread,
      recentConversations: conversations.map((conversation) => ({
        id: conversation.id,
        firstQuestion: conversation.firstQuestion,
        messageCount: conversation.messageCount,
        updatedAt: conversation.updatedAt.toISOString(),
      })),
      pendingMails,
      failedMails,
      failedRefunds,
      attention,
      failedLogins: {
        lastDay: failedLogins.lastDay,
        latest: failedLogins.latest.map((failure) => ({ email: failure.email, address: failure.address, at: failure.createdAt.toISOString() })),
      },
    };
  }
}

