import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { StripeModule } from '../stripe/stripe.module';
import { ToursModule } from '../tours/tours.module';
import { BookingHistory } from './booking-history.service';
import { BookingLookupLimiter } from './booking-lookup.limiter';
import { BookingMails } from './notifications/booking-mails';
import { BookingNotifications } from './notifications/booking-notifications';
import { StaffNotices } from './notifications/staff-notices';
import { BookingWords } from './booking-words';
import { BookingEvent } from './booking-event.entity';
import { BookingPayment } from './booking-payment.entity';
import { BookingRefund } from './booking-refund.entity';
import { Booking } from './booking.entity';
import { BookingsController } from './bookings.controller';
import { FollowUpLinks } from './follow-up-links';
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
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookService } from './stripe-webhook.service';
import { PaymentEvent } from './payment-event.entity';
import { LIFECYCLE } from './lifecycle/lifecycle.providers';
import { ContentTranslationsModule } from '../common/i18n/content-translations.service';
import { SkyModule } from '../sky/sky.module';
import { PromoCodesModule } from '../promo-codes/promo-codes.module';
import { MoneyEvents } from './money-events.service';
import { GiftCardsModule } from '../gift-cards/gift-cards.module';
import { MoveOffer } from './move-offer.entity';
import { WeatherCall } from './weather-call.entity';
import { VOUCHER_CODES, VoucherCodes } from './voucher-codes';
import { CheckInAction } from './check-in/check-in-action.entity';
import { CheckIns } from './check-in/check-ins.service';

@Module({
  imports: [TypeOrmModule.forFeature([Booking, BookingEvent, BookingPayment, BookingRefund, GuestLock, PaymentEvent, StayPackage, WeatherCall, MoveOffer, CheckInAction]), ToursModule, StripeModule, ContentTranslationsModule, SkyModule, GiftCardsModule, PromoCodesModule],
  controllers: [BookingsController, ManageController, StripeWebhookController],
  providers: [...LIFECYCLE, BookingWords, BookingsService, BookingHistory, BookingMails, StaffNotices, BookingNotifications, BookingLookupLimiter, ManageLinks, FollowUpLinks, ManageService, StaysService, StayEditor, StaffBookingsService, MoneyEvents, StripeWebhookService, HoldSweeperService, RefundWorker, ReminderWorker, VOUCHER_CODES, CheckIns],
  exports: [VoucherCodes, CheckIns, GiftCardsModule, PromoCodesModule, MoneyEvents, FollowUpLinks, ...LIFECYCLE, BookingsService, BookingHistory, BookingLookupLimiter, ManageService, StaysService, StayEditor, StaffBookingsService, RefundWorker, ReminderWorker, ToursModule, StripeModule],
})
export class BookingsModule {}
