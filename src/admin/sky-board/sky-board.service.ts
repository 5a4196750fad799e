import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import type { SkyBoardDeparture, SkyBoardView } from '../../../shared/admin-types';
import { WeatherCalls } from '../../bookings/lifecycle/weather-calls.service';
import type { WeatherReason } from '../../bookings/weather-call.entity';
import { DeparturesRepository } from '../../departures/departures.repository';
import { LIVE_HOLD_SQL, TAKES_SEATS_SQL } from '../../departures/seat-rule';
import { kirunaDate } from '../../../shared/company';
import { outlookDates } from '../../sky/sky-feeds';
import { SkyOutlooks } from '../../sky/sky-outlooks.service';
import { auroraPlaceOf, isAuroraTour, SKY_PLACE_NAMES, SKY_PLACES } from '../../sky/sky-places';
import { nightView, skyAttribution, skyReasons } from '../../sky/sky-words';
import { ToursService } from '../../tours/tours.service';
import { clock } from '../../common/clock';

const DAY_MS = 86_400_000;
/** How far ahead staff may move a departure to. */
const MOVE_WINDOW_DAYS = 21;

/**
 * The sky board (staff, in Swedish): tonight and the next three evenings, the outlook in
 * Kiruna and Abisko, and each departure with its bookings, seats and outlook, and staff's call
 * on it: run, or move everyone (WeatherCalls) and who has answered.
 */
@Injectable()
export class SkyBoard {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly departures: DeparturesRepository,
    private readonly tours: ToursService,
    private readonly sky: SkyOutlooks,
    private readonly calls: WeatherCalls,
  ) {}

  async view(now = clock.now()): Promise<SkyBoardView> {
    const dates = outlookDates(now);
    const outlooks = new Map(await Promise.all(SKY_PLACE_NAMES.map(async (place) => [place, await this.sky.nights(place, now)] as const)));
    const from = new Date(Math.min(now.getTime(), Date.parse(`${dates[0]}T00:00:00Z`) - 2 * 3_600_000));
    const to = new Date(Date.parse(`${dates.at(-1)}T23:59:59Z`) + 6 * 3_600_000);
    const schedule = (await this.departures.scheduleWithSeats({ from, to }, now)).filter((departure) => dates.includes(kirunaDate(new Date(departure.startsAt))));
    const calls = await this.calls.onDepartures(this.dataSource.manager, schedule.map((departure) => departure.id));
    const parties = await this.parties(schedule.map((departure) => departure.id), now);
    const tours = new Map(await Promise.all([...new Set(schedule.map((departure) => departure.tourId))].map(async (id) => [id, await this.tours.findById(id)] as const)));
    const later = new Map(
      await Promise.all(
        [...tours.keys()].map(async (tourId) => [tourId, await this.departures.scheduleWithSeats({ from: now, to: new Date(now.getTime() + MOVE_WINDOW_DAYS * DAY_MS), tourId }, now)] as const),
      ),
    );
    const targets = new Map([...later.values()].flat().map((departure) => [departure.id, departure.startsAt]));

    return {
      nights: dates.map((date) => ({
        date,
        outlooks: SKY_PLACE_NAMES.map((place) => {
          const outlook = outlooks.get(place)!.find((night) => night.date === date)!;
          return { place: SKY_PLACES[place].name, ...nightView(outlook, 'sv', now), reasons: skyReasons(outlook, 'sv') };
        }),
        departures: schedule
          .filter((departure) => kirunaDate(new Date(departure.startsAt)) === date)
          .map((departure): SkyBoardDeparture => {
            const tour = tours.get(departure.tourId);
            const aurora = Boolean(tour && isAuroraTour(tour));
            const place = tour ? auroraPlaceOf(tour, tour.operatesFrom) : undefined;
            const call = calls.get(departure.id);
            return {
              id: departure.id,
              tourId: departure.tourId,
              tourTitle: departure.tourTitle ?? tour?.title ?? '',
              startsAt: departure.startsAt,
              capacity: departure.capacity,
              booked: departure.booked ?? 0,
              ...(parties.get(departure.id) ?? { confirmedBookings: 0, confirmedGuests: 0, liveHolds: 0 }),
              seatsLeft: departure.seatsLeft ?? 0,
              status: departure.status,
              aurora,
              place: place ? SKY_PLACES[place].name : null,
              verdict: aurora && place ? (outlooks.get(place)!.find((night) => night.date === date)?.verdict ?? null) : null,
              call: call ? { ...call, targetStartsAt: call.targetDepartureId ? (targets.get(call.targetDepartureId) ?? null) : null } : null,
              alternatives: (later.get(departure.tourId) ?? [])
                .filter((other) => other.id !== departure.id && other.status === 'open' && Date.parse(other.startsAt) > now.getTime())
                .map((other) => ({ id: other.id, startsAt: other.startsAt, seatsLeft: other.seatsLeft ?? 0 })),
            };
          }),
      })),
      attribution: skyAttribution('sv'),
      updatedAt: (await this.sky.updatedAt())?.toISOString() ?? null,
    };
  }

  /** Who a move would reach on each departure: its confirmed bookings and their guests (each mailed an offer), and its live holds (cancelled). */
  private async parties(departureIds: number[], now: Date): Promise<Map<number, Pick<SkyBoardDeparture, 'confirmedBookings' | 'confirmedGuests' | 'liveHolds'>>> {
    if (!departureIds.length) return new Map();
    // By the bookings table's columns, as the seat rule reads it (the bookings module's entity is its own).
    const rows = await this.dataSource
      .createQueryBuilder()
      .from('bookings', 'booking')
      .select('booking.departure_id', 'departureId')
      .addSelect("SUM(CASE WHEN booking.status = 'confirmed' THEN 1 ELSE 0 END)", 'confirmedBookings')
      .addSelect("SUM(CASE WHEN booking.status = 'confirmed' THEN booking.guests ELSE 0 END)", 'confirmedGuests')
      .addSelect(`SUM(CASE WHEN ${LIVE_HOLD_SQL('booking')} THEN 1 ELSE 0 END)`, 'liveHolds')
      .where('booking.departure_id IN (:...departureIds)', { departureIds })
      .andWhere(TAKES_SEATS_SQL('booking'), { now })
      .groupBy('booking.departure_id')
      .getRawMany<{ departureId: number; confirmedBookings: string | number; confirmedGuests: string | number; liveHolds: string | number }>();
    return new Map(rows.map((row) => [Number(row.departureId), { confirmedBookings: Number(row.confirmedBookings), confirmedGuests: Number(row.confirmedGuests), liveHolds: Number(row.liveHolds) }]));
  }

  run(departureId: number, staffEmail: string): Promise<void> {
    return this.calls.run(departureId, staffEmail);
  }

  moveEveryone(departureId: number, targetDepartureId: number, reason: WeatherReason, staffEmail: string): Promise<{ offered: number; holdsCancelled: number }> {
    return this.calls.moveEveryone(departureId, targetDepartureId, reason, staffEmail);
  }
}
