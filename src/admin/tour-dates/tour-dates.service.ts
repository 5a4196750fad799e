import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import type { AuthenticatedAdmin } from '../auth/admin-token';
import { AuditLogService } from '../audit-log.service';
import { Departure } from '../../tours/departure.entity';
import { Tour } from '../../tours/tour.entity';
import type { CreateTourDateDto } from './dto/create-tour-date.dto';

export interface TourDateView {
  id: number;
  tourId: number;
  startsAt: string;
  capacity: number;
  priceSek: number | null;
  status: string;
}

const mapTourDate = (departure: Departure): TourDateView => ({
  id: departure.id,
  tourId: departure.tourId,
  startsAt: departure.startsAt.toISOString(),
  capacity: departure.capacity,
  priceSek: departure.priceSek,
  status: departure.status,
});

@Injectable()
export class TourDatesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
  ) {}

  async create(dto: CreateTourDateDto, admin: AuthenticatedAdmin, now = new Date()): Promise<TourDateView> {
    const startsAt = new Date(dto.startsAt);
    if (startsAt <= now) throw new BadRequestException('startsAt ligger i det förflutna; välj en kommande tid.');
    if (!(await this.dataSource.getRepository(Tour).existsBy({ id: dto.tourId }))) {
      throw new BadRequestException(`Det finns ingen tur med id ${dto.tourId}.`);
    }
    const departures = this.dataSource.getRepository(Departure);
    const saved = await departures.save(departures.create({ tourId: dto.tourId, startsAt, capacity: dto.capacity, priceSek: dto.priceSek ?? null, status: 'open' }));
    await this.audit.record(admin.email, 'tour-date.create', `departure:${saved.id}`, { tourId: dto.tourId, startsAt: saved.startsAt.toISOString(), capacity: dto.capacity, priceSek: dto.priceSek ?? null });
    return mapTourDate(saved);
  }
}
