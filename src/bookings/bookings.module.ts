import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { StripeService } from '../payments/stripe.service';
import { BookingMailService } from './booking-mail.service';
import { Booking } from './booking.entity';
import { BookingsController } from './bookings.controller';
import { BookingsService } from './bookings.service';
import { HoldSweeperService } from './hold-sweeper.service';
import { StayPackage } from './stay-package.entity';
import { StaysService } from './stays.service';

@Module({
  imports: [TypeOrmModule.forFeature([Booking, StayPackage])],
  controllers: [BookingsController],
  providers: [BookingsService, BookingMailService, StaysService, StripeService, HoldSweeperService],
  exports: [BookingsService, BookingMailService, StaysService, StripeService],
})
export class BookingsModule {}
