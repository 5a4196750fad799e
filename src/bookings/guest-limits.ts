import { createHash } from 'node:crypto';

import { EntityManager } from 'typeorm';

import { COMPANY_PHONE } from '../../shared/company';
import { RetryLaterException } from '../common/filters/retry-later.exception';
import { isMysqlFamily } from '../database/data-source-options';
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

/**
 * Refuses a hold over any limit with a 429. Runs inside the hold's transaction, after
 * lockGuest() was the transaction's first read beyond the departure lock.
 */
export async function assertGuestMayHold(manager: EntityManager, guest: GuestIdentity, seats: number, now: Date): Promise<void> {
  for (const scope of scopesOf(guest)) {
    const open = await bookingsOf(manager, scope)
      .select('MIN(booking.hold_expires_at)', 'firstExpiry')
      .addSelect('COUNT(*)', 'count')
      .andWhere(LIVE_HOLD_SQL('booking'), { now })
      .getRawOne<{ firstExpiry: Date | string | null; count: number | string }>();
    if (Number(open?.count ?? 0) >= GUEST_LIMITS.openHolds) {
      throw new RetryLaterException(
        `You already have ${GUEST_LIMITS.openHolds} bookings waiting for checkout. Please finish or cancel one of them before holding more seats.`,
        seconds(toDate(open!.firstExpiry!).getTime() - now.getTime()),
      );
    }

    const since = new Date(now.getTime() - DAY_MS);
    const recent = await bookingsOf(manager, scope)
      .select('MIN(booking.created_at)', 'first')
      .addSelect('COALESCE(SUM(booking.seats), 0)', 'seats')
      .andWhere('booking.created_at > :since', { since })
      .andWhere("NOT (booking.status = 'cancelled' AND booking.cancel_reason IN ('staff', 'departure'))")
      .getRawOne<{ first: Date | string | null; seats: number | string }>();
    if (Number(recent?.seats ?? 0) + seats > GUEST_LIMITS.seatsPerDay) {
      throw new RetryLaterException(
        `You have asked for ${Number(recent!.seats)} seats in the last 24 hours; we take at most ${GUEST_LIMITS.seatsPerDay} a day online from one guest. For a larger group, please call us on ${COMPANY_PHONE}.`,
        seconds(toDate(recent!.first!).getTime() + DAY_MS - now.getTime()),
      );
    }
    await assertUnpaidWithinLimit(manager, scope, seats, now);
  }
}

/** Confirming to pay on arrival keeps seats without money: the same cap, re-checked under the guest's lock. */
export async function assertGuestMayConfirmUnpaid(manager: EntityManager, guest: GuestIdentity, booking: Pick<Booking, 'id' | 'seats'>, now: Date): Promise<void> {
  await lockGuest(manager, guest);
  for (const scope of scopesOf(guest)) await assertUnpaidWithinLimit(manager, scope, booking.seats, now, booking.id);
}

async function assertUnpaidWithinLimit(manager: EntityManager, scope: Scope, seats: number, now: Date, excludeBookingId?: number): Promise<void> {
  const query = bookingsOf(manager, scope)
    .select('COALESCE(SUM(booking.seats), 0)', 'seats')
    .innerJoin('booking.departure', 'departure')
    .andWhere('departure.starts_at > :now', { now })
    .andWhere(`(${LIVE_HOLD_SQL('booking')} OR (booking.status = 'confirmed' AND booking.payment_status = 'due_on_arrival'))`);
  if (excludeBookingId) query.andWhere('booking.id <> :excludeBookingId', { excludeBookingId });
  const unpaid = Number((await query.getRawOne<{ seats: number | string }>())?.seats ?? 0);
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
