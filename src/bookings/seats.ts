import { EntityManager } from 'typeorm';

import { Booking } from './booking.entity';

/** Seats a departure has given away: confirmed bookings and holds that have not expired. */
export async function takenSeats(manager: EntityManager, departureId: number, now: Date, excludeBookingId?: number): Promise<number> {
  const query = manager
    .createQueryBuilder(Booking, 'booking')
    .select('COALESCE(SUM(booking.guests), 0)', 'taken')
    .where('booking.departure_id = :departureId', { departureId })
    .andWhere("(booking.status = 'confirmed' OR (booking.status = 'held' AND booking.hold_expires_at > :now))", { now });
  if (excludeBookingId) query.andWhere('booking.id <> :excludeBookingId', { excludeBookingId });
  const row = await query.getRawOne<{ taken: string | number }>();
  return Number(row?.taken ?? 0);
}
