import { createHash } from 'node:crypto';

import { EntityManager } from 'typeorm';

import { COMPANY_PHONE } from '../../shared/company';
import { RetryLaterException } from '../common/filters/retry-later.exception';
import { isMysqlFamily } from '../database/dialect';
import { toDate } from '../database/sql-values';
import { LIVE_HOLD_SQL } from '../departures/seat-rule';
import type { Departure } from '../departures/departure.entity';
import { Booking } from './booking.entity';

/**
 * What one guest may hold or keep unpaid online. A guest is an email address at an address:
 * counted alone, an email address would let a stranger who types it spend its owner's allowance,
 * and an address would refuse the sixth family on one hotel's Wi-Fi. An address, whoever books
 * from it, has a wider allowance of its own, so that one machine cannot squat a season's seats
 * under invented names. Only what holds seats counts (live holds, pay-on-arrival bookings):
 * a hold let go or lapsed is no longer anyone's.
 */
export const GUEST_LIMITS = {
  /** Holds one guest waits on checkout with at once. */
  openHolds: 2,
  /** Seats one guest keeps on upcoming departures without payment: live holds and pay-on-arrival bookings. */
  unpaidUpcomingSeats: 16,
  /** The same for one address, shared by a hotel's guests or a mobile carrier's: many families at once. */
  address: { openHolds: 12, unpaidUpcomingSeats: 96 },
} as const;

/**
 * The seats one address may keep unpaid on one departure: half of it (at least 8, a whole
 * party), so that no address squats a departure without paying, whatever names it books under.
 */
export const unpaidSeatsPerDepartureFromOneAddress = (capacity: number): number => Math.max(8, Math.ceil(capacity / 2));

export interface GuestIdentity {
  email: string;
  clientIpHash: string | null;
}

/** Whose bookings a limit counts: one guest's (an email at an address), or an address's. */
type Scope = { kind: 'guest' | 'address'; where: string; values: Record<string, string> };

function scopesOf(guest: GuestIdentity): Scope[] {
  if (!guest.clientIpHash) return [{ kind: 'guest', where: 'booking.email = :email AND booking.client_ip_hash IS NULL', values: { email: guest.email } }];
  return [
    { kind: 'guest', where: 'booking.email = :email AND booking.client_ip_hash = :ip', values: { email: guest.email, ip: guest.clientIpHash } },
    { kind: 'address', where: 'booking.client_ip_hash = :ip', values: { ip: guest.clientIpHash } },
  ];
}

const limitsOf = (scope: Scope) => (scope.kind === 'guest' ? GUEST_LIMITS : GUEST_LIMITS.address);

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** What one scope has with us now, read in one query. */
interface ScopeStanding {
  /** Live holds, and when the first of them lapses. */
  openHolds: number | string | null;
  firstExpiry: Date | string | null;
  /** Seats on upcoming departures not yet paid: live holds and pay-on-arrival bookings. */
  unpaidSeats: number | string | null;
}

/** An unpaid booking that keeps seats: a live hold, or a confirmation with money still due. */
const UNPAID_SQL = `(${LIVE_HOLD_SQL('booking')} OR (booking.status = 'confirmed' AND booking.payment_status = 'due_on_arrival'))`;
/** The same on an upcoming departure. */
const UNPAID_UPCOMING_SQL = `departure.starts_at > :now AND ${UNPAID_SQL}`;

/**
 * Refuses a hold over any limit with a 429. Runs inside the hold's transaction, after
 * lockGuest() was the transaction's first read beyond the departure lock.
 */
export async function assertGuestMayHold(manager: EntityManager, guest: GuestIdentity, wanted: UnpaidSeats, now: Date): Promise<void> {
  const { seats } = wanted;
  await refuseOverDepartureShare(manager, guest, wanted, now);
  for (const scope of scopesOf(guest)) {
    // The limits' counts in one pass over the scope's bookings (a handful of rows, by index).
    const standing = await bookingsOf(manager, scope)
      .leftJoin('booking.departure', 'departure')
      .select(`SUM(CASE WHEN ${LIVE_HOLD_SQL('booking')} THEN 1 ELSE 0 END)`, 'openHolds')
      .addSelect(`MIN(CASE WHEN ${LIVE_HOLD_SQL('booking')} THEN booking.hold_expires_at END)`, 'firstExpiry')
      .addSelect(`COALESCE(SUM(CASE WHEN ${UNPAID_UPCOMING_SQL} THEN booking.seats END), 0)`, 'unpaidSeats')
      .setParameters({ now })
      .getRawOne<ScopeStanding>();
    const limits = limitsOf(scope);
    if (Number(standing?.openHolds ?? 0) >= limits.openHolds) {
      const retryAfter = seconds(toDate(standing!.firstExpiry!).getTime() - now.getTime());
      throw new RetryLaterException(
        scope.kind === 'guest'
          ? `You already have ${limits.openHolds} bookings waiting for checkout. Please finish or cancel one of them before holding more seats.`
          : `Many bookings from your network are waiting for checkout just now. Please try again in ${Math.ceil(retryAfter / 60)} minutes, or call us on ${COMPANY_PHONE}.`,
        retryAfter,
      );
    }
    refuseOverUnpaidLimit(scope, Number(standing?.unpaidSeats ?? 0), seats);
  }
}

/**
 * Seats kept without payment (a confirmation to pay on arrival, a party grown with money still
 * due): the same caps, re-checked under the guest's lock, the booking counted as it will be.
 */
export async function assertGuestMayKeepUnpaid(manager: EntityManager, guest: GuestIdentity, booking: UnpaidSeats & { id: number }, now: Date): Promise<void> {
  await lockGuest(manager, guest);
  await refuseOverDepartureShare(manager, guest, booking, now);
  for (const scope of scopesOf(guest)) {
    const unpaid = await bookingsOf(manager, scope)
      .select('COALESCE(SUM(booking.seats), 0)', 'seats')
      .innerJoin('booking.departure', 'departure')
      .andWhere(UNPAID_UPCOMING_SQL, { now })
      .andWhere('booking.id <> :excludeBookingId', { excludeBookingId: booking.id })
      .getRawOne<{ seats: number | string }>();
    refuseOverUnpaidLimit(scope, Number(unpaid?.seats ?? 0), booking.seats);
  }
}

/** Seats to keep unpaid on a departure (its capacity decides the address's share of it). */
interface UnpaidSeats {
  seats: number;
  departure: Pick<Departure, 'id' | 'capacity'>;
  /** The booking itself, when it is one being changed: its own seats are not counted twice. */
  id?: number;
}

/** An address's unpaid seats on one departure, this booking's seats included, within its share. */
async function refuseOverDepartureShare(manager: EntityManager, guest: GuestIdentity, wanted: UnpaidSeats, now: Date): Promise<void> {
  if (!guest.clientIpHash) return;
  const row = await manager
    .createQueryBuilder(Booking, 'booking')
    .select('COALESCE(SUM(booking.seats), 0)', 'seats')
    .where('booking.client_ip_hash = :ip AND booking.departure_id = :departureId', { ip: guest.clientIpHash, departureId: wanted.departure.id })
    .andWhere(UNPAID_SQL, { now })
    .andWhere('booking.id <> :excludeBookingId', { excludeBookingId: wanted.id ?? 0 })
    .getRawOne<{ seats: number | string }>();
  const share = unpaidSeatsPerDepartureFromOneAddress(wanted.departure.capacity);
  if (Number(row?.seats ?? 0) + wanted.seats <= share) return;
  throw new RetryLaterException(
    `Many seats on this departure are already held without payment from your network; we keep at most ${share} for one address. Please call us on ${COMPANY_PHONE}.`,
    15 * 60,
  );
}

function refuseOverUnpaidLimit(scope: Scope, unpaid: number, seats: number): void {
  const limit = limitsOf(scope).unpaidUpcomingSeats;
  if (unpaid + seats <= limit) return;
  throw new RetryLaterException(
    scope.kind === 'guest'
      ? `You already have ${unpaid} unpaid seats on upcoming tours; we keep at most ${limit} for one guest without payment. Please pay for or cancel a booking first, or call us on ${COMPANY_PHONE}.`
      : `Your network already keeps ${unpaid} unpaid seats on upcoming tours, the most we keep for one address without payment. Please pay by card, or call us on ${COMPANY_PHONE}.`,
    15 * 60,
  );
}

const bookingsOf = (manager: EntityManager, scope: Scope) => manager
    .createQueryBuilder(Booking, 'booking')
    .where(scope.where, scope.values)
    // Only bookings that can hold seats: an address's long history is not read.
    .andWhere("booking.status IN ('held', 'confirmed')");

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
  // Hashed: the lock table keeps no email address. The address's key covers every guest at it.
  const keys = [guest.clientIpHash ? `ip:${guest.clientIpHash}` : `email:${createHash('sha256').update(guest.email).digest('hex')}`];
  await manager.query(
    `INSERT INTO guest_locks (lock_key) VALUES ${keys.map(() => '(?)').join(', ')} ON DUPLICATE KEY UPDATE lock_key = lock_key`,
    keys,
  );
}
