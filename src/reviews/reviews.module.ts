import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { BookingsModule } from '../bookings/bookings.module';
import { ContentTranslationsModule } from '../common/i18n/content-translations.service';
import { Rating } from './rating.entity';
import { RatingsController, StaffRatingsController } from './ratings.controller';
import { Ratings } from './ratings.service';

/** Guests' ratings of their tours, given from the mail the morning after, and staff's view of them. */
@Module({
  imports: [TypeOrmModule.forFeature([Rating]), BookingsModule, ContentTranslationsModule],
  controllers: [RatingsController, StaffRatingsController],
  providers: [Ratings],
  exports: [Ratings],
})
export class ReviewsModule {}
