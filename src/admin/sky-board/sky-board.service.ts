import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import type { SkyBoardDeparture, SkyBoardView } from '../../../shared/admin-types';
import { WeatherCalls } from '../../bookings/lifecycle/weather-calls.service';
import type { WeatherReason } from '../../bookings/weather-call.entity';
import { DeparturesRepository } from '../../departures/departures.repository';
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

  run(departureId: number, staffEmail: string): Promise<void> {
    return this.calls.run(departureId, staffEmail);
  }

  moveEveryone(departureId: number, targetDepartureId: number, reason: WeatherReason, staffEmail: string): Promise<{ offered: number; holdsCancelled: number }> {
    return this.calls.moveEveryone(departureId, targetDepartureId, reason, staffEmail);
  }
}
