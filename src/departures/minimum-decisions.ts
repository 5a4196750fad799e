import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { And, DataSource, type EntityManager, In, IsNull, LessThan, MoreThan } from 'typeorm';

import { findOneJoined, findOneJoinedOrFail } from '../database/find-joined';
import type { DepartureMinimum } from '../../shared/api-types';
import { COMPANY } from '../../shared/company';
import { ADMIN_BASE } from '../../shared/taxonomy';
import { PeriodicWorker } from '../common/jobs/periodic-worker';
import { AppConfig } from '../config/app-config';
import { composeMail } from '../mail/mail-layout';
import { MailOutbox } from '../mail/mail-outbox.service';
import { withDepartureLock } from './departure-lock';
import { Departure } from './departure.entity';
import { hasStarted, takesBookingsFrom } from './departure-rules';
import { decideMinimum } from './departures.repository';
import { minimumOf, unmetMinimum, type TourMinimum } from './minimum';
import { SeatsRepository } from './seats.repository';
import { clock } from '../common/clock';

/** How far ahead a decision can fall (decision hours up to two weeks). */
const DECISION_HORIZON_MS = 15 * 86_400_000;

const when = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', timeZone: COMPANY.timeZone });

/** A departure below its minimum at its decision time, waiting for staff. */
export interface FlaggedDeparture {
  id: number;
  tourId: number;
  tourTitle: string;
  startsAt: string;
  minGuests: number;
  booked: number;
  decidedAt: string;
}

/**
 * The minimum to run. At a departure's decision time (its tour's `decisionHours` before the
 * start, or its own) it is `met`, or `flagged` and BOOKING_EMAIL is told; staff then run it
 * anyway or cancel it. Each decision is a conditional update from "no decision yet" inside the
 * departure's lock, with the staff mail in the same transaction: flagged once, and mailed once,
 * however many processes look.
 */
@Injectable()
export class MinimumDecisions extends PeriodicWorker {
  protected readonly logger = new Logger(MinimumDecisions.name);
  protected readonly everyMs = 60_000;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly seats: SeatsRepository,
    private readonly outbox: MailOutbox,
    private readonly config: AppConfig,
  ) {
    super();
  }

  /** A tour's minimum with the site's free cancellation, which its decision never comes after. */
  private rules(tour: Pick<TourMinimum, 'minGuests' | 'decisionHours'>): TourMinimum {
    return { minGuests: tour.minGuests, decisionHours: tour.decisionHours, cancelFreeHours: this.config.cancelFreeHours };
  }

  protected runOnce(now: Date): Promise<number> {
    return this.decideDue(now);
  }

  /** Decides every open departure whose decision time has come; how many it decided. */
  async decideDue(now = clock.now()): Promise<number> {
    const candidates = await this.dataSource.getRepository(Departure).find({
      where: { status: 'open', minimumStatus: IsNull(), startsAt: And(MoreThan(now), LessThan(new Date(now.getTime() + DECISION_HORIZON_MS))) },
      relations: { tour: true },
      order: { startsAt: 'ASC' },
      take: 500,
    });
    const due = candidates.filter((candidate) => {
      const minimum = minimumOf(candidate, this.rules(candidate.tour!));
      return minimum && minimum.decidedAt <= now && !hasStarted(candidate, now);
    });
    // A date nobody has booked (or is booking) waits undecided: nobody to tell, nothing for staff to weigh. Its first booking brings it here.
    const taken = await this.seats.takenByDeparture(
      due.map((candidate) => candidate.id),
      now,
    );
    let decided = 0;
    for (const candidate of due) {
      if (!taken.get(candidate.id)) continue;
      if (await this.decide(candidate.id, now)) decided++;
    }
    return decided;
  }

  /** Decides one departure under its lock: met, or flagged with the mail to staff; false when another process (or staff) already did. */
  private decide(departureId: number, now: Date): Promise<boolean> {
    return withDepartureLock(this.dataSource, departureId, async ({ manager }, departure) => {
      if (!departure || !takesBookingsFrom(departure, 'guest') || departure.minimumStatus !== null) return false;
      const tour = await findOneJoinedOrFail(manager, Departure, { where: { id: departure.id }, relations: { tour: true } }).then((row) => row.tour!);
      const minimum = minimumOf(departure, this.rules(tour));
      if (!minimum || minimum.decidedAt > now) return false;
      // Only confirmed bookings: a hold that lapses after the decision would leave a date "met" with nobody on it.
      const booked = await this.seats.confirmed(manager, departure.id);
      if (booked === 0 && (await this.seats.taken(manager, departure.id, now)) === 0) return false;
      const status = booked >= minimum.guests ? 'met' : 'flagged';
      if (!(await decideMinimum(manager, departure.id, 'atDecisionTime', status, now))) return false;
      if (status === 'flagged') await this.mailStaff(manager, { title: tour.title, startsAt: departure.startsAt, booked, minimum: minimum.guests, id: departure.id });
      this.logger.log(`Departure ${departure.id} (${tour.title}, ${departure.startsAt.toISOString()}): ${booked} of ${minimum.guests} booked, ${status}`);
      return true;
    });
  }

  private mailStaff(manager: EntityManager, departure: { id: number; title: string; startsAt: Date; booked: number; minimum: number }): Promise<void> {
    const summary = `${departure.title}, ${when.format(departure.startsAt)}: ${departure.booked} av minst ${departure.minimum} gäster bokade.`;
    return this.outbox.enqueue(
      manager,
      composeMail(this.config.mail.bookingEmail, `Under minsta antal: ${departure.title} ${when.format(departure.startsAt)} (${departure.booked} av ${departure.minimum})`, {
        lang: 'sv',
        preview: summary,
        paragraphs: [summary, 'Bestäm i adminens översikt: kör ändå, eller ställ in (gästerna får återbetalning och ett mejl).'],
        action: { label: 'Öppna översikten', url: `${this.config.publicUrl}${ADMIN_BASE}/dashboard/` },
      }),
      { topic: 'departure.below-minimum' },
    );
  }

  /**
   * A departure's minimum while it is neither reached nor decided (run anyway, or met at its
   * decision time): what its guests are told when they book. Read in the caller's transaction.
   */
  async pending(manager: EntityManager, departureId: number, now: Date, ownHeldSeats = 0): Promise<{ guests: number; needed: number; decidedAt: Date } | null> {
    // Only what the minimum is made of: the tour's long texts are not read for it.
    const departure = await findOneJoined(manager, Departure, {
      where: { id: departureId },
      relations: { tour: true },
      select: { id: true, startsAt: true, minGuests: true, decisionHours: true, minimumStatus: true, tour: { id: true, minGuests: true, decisionHours: true } },
    });
    // A date without a minimum needs no count of its seats.
    if (!departure || !minimumOf(departure, this.rules(departure.tour!))) return null;
    // Confirmed seats, and a guest's own hold when it is that guest who asks (they are about to confirm it).
    return unmetMinimum(departure, this.rules(departure.tour!), (await this.seats.confirmed(manager, departureId)) + ownHeldSeats);
  }

  /** `pending` as a guest's booking shows it (BookingSummary.minimum), or nothing. */
  async pendingView(departureId: number, now: Date, manager: EntityManager = this.dataSource.manager, ownHeldSeats = 0): Promise<DepartureMinimum | undefined> {
    const minimum = await this.pending(manager, departureId, now, ownHeldSeats);
    return minimum ? { guests: minimum.guests, needed: minimum.needed, decidedAt: minimum.decidedAt.toISOString(), ...(minimum.decidedAt <= now ? { deciding: true as const } : {}) } : undefined;
  }

  /** Departures flagged and waiting for staff, soonest first. */
  async flagged(): Promise<FlaggedDeparture[]> {
    const departures = await this.dataSource.getRepository(Departure).find({ where: { minimumStatus: 'flagged', status: In(['open', 'closed']) }, relations: { tour: true }, order: { startsAt: 'ASC' }, take: 100 });
    const now = clock.now();
    const taken = await this.seats.takenByDeparture(
      departures.map((departure) => departure.id),
      now,
    );
    return departures.map((departure) => ({
      id: departure.id,
      tourId: departure.tourId,
      tourTitle: departure.tour!.title,
      startsAt: departure.startsAt.toISOString(),
      minGuests: minimumOf(departure, this.rules(departure.tour!))?.guests ?? 0,
      booked: taken.get(departure.id) ?? 0,
      decidedAt: departure.minimumDecidedAt!.toISOString(),
    }));
  }

  /** Staff run a flagged departure anyway (409 unless it is flagged). */
  async runAnyway(departureId: number, now = clock.now()): Promise<void> {
    await this.resolve(departureId, 'run', now);
  }

  /** Records that staff cancelled a flagged departure (its cancellation, with refunds and mails, is the caller's). */
  async markCancelled(manager: EntityManager, departureId: number, now: Date): Promise<void> {
    await decideMinimum(manager, departureId, 'cancelDate', 'cancelled', now);
  }

  /** Refuses a decision on a departure that is not flagged. */
  async assertFlagged(departureId: number): Promise<void> {
    const departure = await this.dataSource.getRepository(Departure).findOneBy({ id: departureId });
    if (!departure) throw new NotFoundException(`Det finns ingen avgång med id ${departureId}.`);
    if (departure.minimumStatus !== 'flagged') throw new ConflictException('Avgången väntar inte på något beslut om minsta antal.');
  }

  private async resolve(departureId: number, status: 'run', now: Date): Promise<void> {
    if (!(await decideMinimum(this.dataSource.manager, departureId, 'runAnyway', status, now))) await this.assertFlagged(departureId);
  }
}
