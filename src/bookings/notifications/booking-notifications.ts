import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { tourOptions } from '../../tours/tour-options';
import type { Booking } from '../booking.entity';
import { BookingWriter } from '../lifecycle/booking-writer';
import type { BookingNotice } from '../lifecycle/booking-notices';
import { BookingMails } from './booking-mails';
import { StaffNotices } from './staff-notices';

/**
 * Turns what the lifecycle tells of a booking into the guest's mails and staff's notices: outbox
 * rows written in the transaction that made the change, so they go out once (the outbox's
 * worker sends them after the commit, on whichever replica claims them), or not at all.
 */
@Injectable()
export class BookingNotifications implements OnModuleInit {
  constructor(
    private readonly writer: BookingWriter,
    private readonly guest: BookingMails,
    private readonly staff: StaffNotices,
  ) {}

  onModuleInit(): void {
    this.writer.onNotice((manager, booking, notice, now) => this.send(manager, booking, notice, now));
  }

  async send(manager: EntityManager, booking: Booking, notice: BookingNotice, now: Date): Promise<void> {
    const details = await this.writer.details(manager, booking, now);
    switch (notice.kind) {
      case 'confirmed': {
        const options = await tourOptions(manager, details.tour.id);
        await this.guest.confirmed(manager, details, options);
        await this.staff.newBooking(manager, details, options);
        return;
      }
      case 'cancelled':
        await this.guest.cancelled(manager, details, notice.reason, notice.money);
        if (notice.tellStaff) await this.staff.guestChanged(manager, details, 'cancelled', notice.reason === 'reseller' ? 'reseller' : 'guest');
        return;
      case 'changed':
        await this.guest.changed(manager, details, { refundedSek: notice.refundedSek });
        if (notice.tellStaff) await this.staff.guestChanged(manager, details, 'changed');
        return;
      case 'refunded':
        return this.guest.refunded(manager, details, notice);
      case 'reminder':
        return this.guest.reminder(manager, { ...details, pickup: booking.pickup });
      case 'balanceDue':
        return this.guest.balanceDue(manager, details, new Date(notice.dueAt));
      case 'balanceLate':
        return this.staff.balanceLate(manager, details);
      case 'answersMissing':
        return this.guest.answersMissing(manager, details, notice.missing, new Date(notice.dueAt));
      case 'recovery':
        return this.guest.recovery(manager, details, booking.id, now);
      case 'reviewRequest':
        return this.guest.reviewRequest(manager, details, booking.id, now);
      case 'weatherOffer':
        return this.guest.weatherOffer(manager, details, { reason: notice.reason, fromStartsAt: new Date(notice.fromStartsAt), toStartsAt: new Date(notice.toStartsAt) });
    }
  }
}
