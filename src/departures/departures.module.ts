import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { Departure } from './departure.entity';
import { DeparturesRepository } from './departures.repository';
import { MinimumDecisions } from './minimum-decisions';
import { ResourcePlan } from './resources/resource-plan.service';
import { ResourceRooms } from './resources/resource-rooms';
import { RoomNights } from './resources/room-nights';
import { SeatsRepository } from './seats.repository';

/**
 * Departures: the entity, the lock every seat decision takes (departure-lock.ts) and the seat
 * rule (seat-rule.ts, SeatsRepository). Tours, bookings and admin import it; it imports none of them.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Departure])],
  providers: [DeparturesRepository, SeatsRepository, MinimumDecisions, ResourceRooms, ResourcePlan, RoomNights],
  exports: [DeparturesRepository, SeatsRepository, MinimumDecisions, ResourcePlan, RoomNights],
})
export class DeparturesModule {}
