import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { SeatsRepository } from '../bookings/seats.repository';
import { DeparturesRepository } from './departures.repository';
import { Tour } from './tour.entity';
import { ToursController } from './tours.controller';
import { ToursService } from './tours.service';

@Module({
  imports: [TypeOrmModule.forFeature([Tour])],
  controllers: [ToursController],
  providers: [ToursService, DeparturesRepository, SeatsRepository],
  exports: [ToursService, DeparturesRepository, SeatsRepository],
})
export class ToursModule {}
