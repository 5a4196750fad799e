import { createHash } from 'node:crypto';

import { EntityManager } from 'typeorm';

import { COMPANY_PHONE } from '../../shared/company';
import { RetryLaterException } from '../common/filters/retry-later.exception';
import { isMysqlFamily } from '../database/dialect';
import { toDate } from '../database/sql-values';
import { LIVE_HOLD_SQL } from '../departures/seat-rule';
import { Booking } from './booking.entity';

/**
 * What one guest (one address, and one email address, each counted alone) may hold or
 * confirm online: a real party books a handful of seats, not a departure after another.
 */
export const GUEST_LIMITS = {
  /** Holds waiting for checkout at once. */
  openHolds: 2,
  /** Seats asked for in the last 24 hours (holds that lapsed count too; staff cancellations do not). */
  seatsPerDay: 16,
  /** Seats on upcoming departures not yet paid: live holds and pay-on-arrival bookings. */
  unpaidUpcomingSeats: 16,
} as const;

const DAY_MS = 86_400_000;

export interface GuestIdentity {
  email: string;
  clientIpHash: string | null;
}

type Scope = { column: 'email' | 'client_ip_hash'; value: string };

const scopesOf = (guest: GuestIdentity): Scope[] => [
  { column: 'email', value: guest.email },
  ...(guest.clientIpHash ? [{ column: 'client_ip_hash' as const, value: guest.clientIpHash }] : []),
];

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** What one scope (an email address, or an address) has with us now, read in one query. */
interface ScopeStanding {
  /** Live holds, and when the first of them lapses. */
  openHolds: number | string | null;
  firstExpiry: Date | string | null;
  /** Seats asked for in the last 24 hours (staff cancellations left out), and when the first of those was. */
  recentSeats: number | string | null;
  firstRecent: Date | string | null;
  /** Seats on upcoming departures not yet paid: live holds and pay-on-arrival bookings. */
  unpaidSeats: number | string | null;
}

/** An unpaid booking that keeps seats on an upcoming departure: a live hold, or a pay-on-arrival confirmation. */
const UNPAID_UPCOMING_SQL = `departure.starts_at > :now AND (${LIVE_HOLD_SQL('booking')} OR (booking.status = 'confirmed' AND booking.payment_status = 'due_on_arrival'))`;
/** A booking counted against the day's seats: any made in the last 24 hours but those staff cancelled. */
const RECENT_SQL = "booking.created_at > :since AND NOT (booking.status = 'cancelled' AND booking.cancel_reason IN ('staff', 'departure'))";

/**
 * Refuses a hold over any limit with a 429. Runs inside the hold's transaction, after
 * lockGuest() was the transaction's first read beyond the departure lock.
 */
export async function assertGuestMayHold(manager: EntityManager, guest: GuestIdentity, seats: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - DAY_MS);
  for (const scope of scopesOf(guest)) {
    // The three limits' counts in one pass over the scope's bookings (a handful of rows, by index).
    const standing = await bookingsOf(manager, scope)
      .leftJoin('booking.departure', 'departure')
      .select(`SUM(CASE WHEN ${LIVE_HOLD_SQL('booking')} THEN 1 ELSE 0 END)`, 'openHolds')
      .addSelect(`MIN(CASE WHEN ${LIVE_HOLD_SQL('booking')} THEN booking.hold_expires_at END)`, 'firstExpiry')
      .addSelect(`COALESCE(SUM(CASE WHEN ${RECENT_SQL} THEN booking.seats END), 0)`, 'recentSeats')
      .addSelect(`MIN(CASE WHEN ${RECENT_SQL} THEN booking.created_at END)`, 'firstRecent')
      .addSelect(`COALESCE(SUM(CASE WHEN ${UNPAID_UPCOMING_SQL} THEN booking.seats END), 0)`, 'unpaidSeats')
      .setParameters({ now, since })
      .getRawOne<ScopeStanding>();
    if (Number(standing?.openHolds ?? 0) >= GUEST_LIMITS.openHolds) {
      throw new RetryLaterException(
        `You already have ${GUEST_LIMITS.openHolds} bookings waiting for checkout. Please finish or cancel one of them before holding more seats.`,
        seconds(toDate(standing!.firstExpiry!).getTime() - now.getTime()),
      );
    }
    const recentSeats = Number(standing?.recentSeats ?? 0);
    if (recentSeats + seats > GUEST_LIMITS.seatsPerDay) {
      throw new RetryLaterException(
        `You have asked for ${recentSeats} seats in the last 24 hours; we take at most ${GUEST_LIMITS.seatsPerDay} a day online from one guest. For a larger group, please call us on ${COMPANY_PHONE}.`,
        seconds(toDate(standing!.firstRecent!).getTime() + DAY_MS - now.getTime()),
      );
    }
    refuseOverUnpaidLimit(Number(standing?.unpaidSeats ?? 0), seats);
  }
}

/** Confirming to pay on arrival keeps seats without money: the same cap, re-checked under the guest's lock. */
export async function assertGuestMayConfirmUnpaid(manager: EntityManager, guest: GuestIdentity, booking: Pick<Booking, 'id' | 'seats'>, now: Date): Promise<void> {
  await lockGuest(manager, guest);
  for (const scope of scopesOf(guest)) {
    const unpaid = await bookingsOf(manager, scope)
      .select('COALESCE(SUM(booking.seats), 0)', 'seats')
      .innerJoin('booking.departure', 'departure')
      .andWhere(UNPAID_UPCOMING_SQL, { now })
      .andWhere('booking.id <> :excludeBookingId', { excludeBookingId: booking.id })
      .getRawOne<{ seats: number | string }>();
    refuseOverUnpaidLimit(Number(unpaid?.seats ?? 0), booking.seats);
  }
}

function refuseOverUnpaidLimit(unpaid: number, seats: number): void {
  if (unpaid + seats > GUEST_LIMITS.unpaidUpcomingSeats) {
    throw new RetryLaterException(
      `You already have ${unpaid} unpaid seats on upcoming tours; we keep at most ${GUEST_LIMITS.unpaidUpcomingSeats} for one guest without payment. Please pay for or cancel a booking first, or call us on ${COMPANY_PHONE}.`,
      15 * 60,
    );
  }
}

const bookingsOf = (manager: EntityManager, scope: Scope) => manager.createQueryBuilder(Booking, 'booking').where(`booking.${scope.column} = :value`, { value: scope.value });

/**
 * An exclusive lock on the guest's rows, taken in key order (the upsert locks an existing row
 * at once), so parallel requests from one guest are counted one after the other, whatever
 * departure each is for. Take it before the transaction's first plain read: under REPEATABLE
 * READ that read fixes the snapshot, and a snapshot older than the lock would miss the hold
 * the previous lock holder just committed.
 */
export async function lockGuest(manager: EntityManager, guest: GuestIdentity): Promise<void> {
  // On SQLite the one-writer mutex already serialises every hold.
  if (!isMysqlFamily(manager.connection.options)) return;
  const keys = scopesOf(guest)
    // Hashed: the lock table keeps no email address.
    .map((scope) => (scope.column === 'email' ? `email:${createHash('sha256').update(scope.value).digest('hex')}` : `ip:${scope.value}`))
    .sort();
  await manager.query(
    `INSERT INTO guest_locks (lock_key) VALUES ${keys.map(() => '(?)').join(', ')} ON DUPLICATE KEY UPDATE lock_key = lock_key`,
    keys,
  );
}
