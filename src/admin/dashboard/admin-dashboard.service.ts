import { Injectable } from '@nestjs/common';
import { TZDate } from '@date-fns/tz';

import { ConversationLog } from '../../chat/conversation-log.service';
import { ContactInbox } from '../../contact/contact-inbox.service';
import type { DashboardView } from '../../../shared/admin-types';
import { COMPANY } from '../../../shared/company';
import { MailOutbox } from '../../mail/mail-outbox.service';
import { LoginLimits } from '../auth/login-limits';
import { BookingHistory } from '../../bookings/booking-history.service';
import { StaffBookingsService } from '../../bookings/staff-bookings.service';
import { TourDatesService } from '../tour-dates/tour-dates.service';
import { MinimumDecisions } from '../../departures/minimum-decisions';
import { ResourcePlan } from '../../departures/resources/resource-plan.service';
import { ResellerWebhooks } from '../../octo/reseller-webhooks.service';
import { clock } from '../../common/clock';
import { kirunaDayStart } from '../../common/kiruna-day';

export type { DashboardView };



@Injectable()
export class AdminDashboardService {
  constructor(
    private readonly tourDates: TourDatesService,
    private readonly contactInbox: ContactInbox,
    private readonly conversationLog: ConversationLog,
    private readonly bookings: StaffBookingsService,
    private readonly outbox: MailOutbox,
    private readonly logins: LoginLimits,
    private readonly minimums: MinimumDecisions,
    private readonly history: BookingHistory,
    private readonly webhooks: ResellerWebhooks,
    private readonly plan: ResourcePlan,
  ) {}

  async overview(now = clock.now()): Promise<DashboardView> {
    const today = kirunaDayStart(now, 0);
    const tomorrow = kirunaDayStart(now, 1);
    const dayAfter = kirunaDayStart(now, 2);
    const weekday = (new TZDate(now.getTime(), COMPANY.timeZone).getDay() + 6) % 7;
    const weekStart = kirunaDayStart(now, -weekday);
    // Winter season: 1 September to 30 April; summer season: 1 May to 31 August.
    const local = new TZDate(now.getTime(), COMPANY.timeZone);
    const month = local.getMonth();
    const [seasonYear, seasonMonth] = month >= 8 ? [local.getFullYear(), 8] : month >= 4 ? [local.getFullYear(), 4] : [local.getFullYear() - 1, 8];
    const seasonStart = new Date(new TZDate(seasonYear, seasonMonth, 1, 0, 0, COMPANY.timeZone).getTime());

    const [todays, tomorrows, week, season, expiring, unread, conversations, pendingMails, failedMails, failedRefunds, attention, failedLogins, belowMinimum, guestChanges, failingWebhooks, unguided, attendanceToday] = await Promise.all([
      this.tourDates.list({ from: today.toISOString(), to: tomorrow.toISOString() }, now),
      this.tourDates.list({ from: tomorrow.toISOString(), to: dayAfter.toISOString() }, now),
      this.bookings.salesSince(weekStart),
      this.bookings.salesSince(seasonStart),
      this.bookings.expiringHolds(now, 10 * 60_000),
      this.contactInbox.unhandledCount(),
      this.conversationLog.recent(5),
      this.outbox.pendingCount(),
      this.outbox.failed(),
      this.bookings.failedRefunds(),
      this.bookings.needingAttention(),
      this.logins.recentFailures(now),
      this.minimums.flagged(),
      this.history.guestChangesSince(new Date(now.getTime() - 7 * 86_400_000)),
      this.webhooks.failing(now),
      this.plan.unguided(now),
      this.bookings.attendanceBetween(today, tomorrow),
    ]);
    return {
      today: todays,
      tomorrow: tomorrows,
      week,
      season,
      expiringHolds: expiring,
      unreadContactMessages: unread,
      recentConversations: conversations.map(({ id, firstQuestion, messageCount, updatedAt }) => ({ id, firstQuestion, messageCount, updatedAt })),
      pendingMails,
      failedMails,
      failedRefunds,
      attention,
      belowMinimum,
      guestChanges,
      failingWebhooks,
      unguided,
      attendanceToday,
      failedLogins: {
        lastDay: failedLogins.lastDay,
        latest: failedLogins.latest.map((failure) => ({ email: failure.email, address: failure.address, at: failure.createdAt.toISOString() })),
      },
    };
  }
}

