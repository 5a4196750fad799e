import type { EntityManager } from 'typeorm';

import type { Departure } from '../departures/departure.entity';
import { Tour } from './tour.entity';

/** What one guest pays on a departure: its own price, or else its tour's. */
export async function pricePerGuest(manager: EntityManager, departure: Pick<Departure, 'tourId' | 'priceSek'>): Promise<number> {
  if (departure.priceSek != null) return departure.priceSek;
  return (await manager.findOneOrFail(Tour, { where: { id: departure.tourId }, select: { id: true, priceSek: true } })).priceSek;
}
