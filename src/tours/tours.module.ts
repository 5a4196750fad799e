import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { ContentTranslationsModule } from '../common/i18n/content-translations.service';
import { DeparturesModule } from '../departures/departures.module';
import { SkyModule } from '../sky/sky.module';
import { StripeModule } from '../stripe/stripe.module';
import { PriceCategory } from './price-category.entity';
import { BookingOptionsEditor } from './booking-options-editor.service';
import { TourEditor } from './tour-editor.service';
import { TourOptionWords } from './tour-option-words.service';
import { TourShareCards } from './tour-share-cards';
import { TourSlugRedirect } from './tour-slug-redirect.entity';
import { Tour } from './tour.entity';
import { ToursController } from './tours.controller';
import { ToursService } from './tours.service';

@Module({
  imports: [TypeOrmModule.forFeature([Tour, TourSlugRedirect, PriceCategory]), DeparturesModule, StripeModule, ContentTranslationsModule, SkyModule],
  controllers: [ToursController],
  providers: [ToursService, TourEditor, BookingOptionsEditor, TourOptionWords, TourShareCards],
  exports: [ToursService, TourEditor, BookingOptionsEditor, TourOptionWords, TourShareCards, DeparturesModule],
})
export class ToursModule {}
