import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { SeatsRepository } from '../bookings/seats.repository';
import { DeparturesRepository } from './departures.repository';
import { TourEditor } from './tour-editor.service';
import { TourSlugRedirect } from './tour-slug-redirect.entity';
import { Tour } from './tour.entity';
import { ToursController } from './tours.controller';
import { ToursService } from './tours.service';

@Module({
  imports: [TypeOrmModule.forFeature([Tour, TourSlugRedirect])],
  controllers: [ToursController],
  providers: [ToursService, TourEditor, DeparturesRepository, SeatsRepository],
  exports: [ToursService, TourEditor, DeparturesRepository, SeatsRepository],
})
export class ToursModule {}
