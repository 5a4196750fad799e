import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { StripeService } from '../payments/stripe.service';
import { ToursModule } from '../tours/tours.module';
import { BookingLifecycle } from './booking-lifecycle.service';
import { BookingLookupLimiter } from './booking-lookup.limiter';
import { BookingMails } from './booking-mail.service';
import { BookingRefund } from './booking-refund.entity';
import { Booking } from './booking.entity';
import { BookingsController } from './bookings.controller';
import { BookingsService } from './bookings.service';
import { GuestLock } from './guest-lock.entity';
import { HoldSweeperService } from './hold-sweeper.service';
import { ManageLinks } from './manage-links.service';
import { ManageController } from './manage.controller';
import { ManageService } from './manage.service';
import { RefundWorker } from './refund.worker';
import { ReminderWorker } from './reminder.worker';
import { StayPackage } from './stay-package.entity';
import { StaffBookingsService } from './staff-bookings.service';
import { StayEditor } from './stay-editor.service';
import { StaysService } from './stays.service';

@Module({
  imports: [TypeOrmModule.forFeature([Booking, BookingRefund, GuestLock, StayPackage]), ToursModule],
  controllers: [BookingsController, ManageController],
  providers: [BookingLifecycle, BookingsService, BookingMails, BookingLookupLimiter, ManageLinks, ManageService, StaysService, StayEditor, StaffBookingsService, StripeService, HoldSweeperService, RefundWorker, ReminderWorker],
  exports: [BookingLifecycle, BookingsService, BookingLookupLimiter, ManageService, StaysService, StayEditor, StaffBookingsService, StripeService, RefundWorker, ReminderWorker, ToursModule],
})
export class BookingsModule {}
