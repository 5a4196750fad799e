import { DataSource } from 'typeorm';

import { Booking } from '../src/bookings/booking.entity';
import { useTestApp } from './support/app';
import { bookingBuilders } from './support/bookings';
import { createTestDeparture } from './support/fixtures';

/** The builders other suites make their bookings with: each gives the state it names, as the lifecycle made it. */
describe('Booking builders (MySQL)', () => {
  const sut = useTestApp();
  const bookings = bookingBuilders(sut);
  const stored = (reference: string) => sut.app.get(DataSource).getRepository(Booking).findOneByOrFail({ reference });

  it('Makes a booking in every state the suites need, through the API and the lifecycle', async () => {
    const departure = await createTestDeparture(sut.app.get(DataSource), 'drive-your-own-dog-sled-team', { capacity: 8 });
    expect(await stored((await bookings.aHold(departure.id, { guests: 1 })).reference)).toMatchObject({ status: 'held', paymentStatus: 'unpaid', seats: 1 });
    expect(await stored((await bookings.aConfirmed(departure.id, { guests: 1, language: 'de' })).reference)).toMatchObject({ status: 'confirmed', paymentStatus: 'due_on_arrival', language: 'de' });
    expect(await stored((await bookings.paidByCard(departure.id, { guests: 1 })).reference)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentMethod: 'stripe' });
    expect(await stored((await bookings.aCancelledHold(departure.id, { guests: 1 })).reference)).toMatchObject({ status: 'cancelled', cancelReason: 'guest' });
    expect(await stored((await bookings.aLapsedHold(departure.id, { guests: 1 }, { swept: true })).reference)).toMatchObject({ status: 'expired' });
    const reseller = await bookings.aResellerBooking(departure.id, [{ category: 'adult', quantity: 1 }]);
    expect(await stored(reseller.reference)).toMatchObject({ status: 'confirmed', paymentMethod: 'reseller', source: 'reseller', mailGuest: false });
  });

  it('Takes a party by categories, with answers and a pickup', async () => {
    const departure = await createTestDeparture(sut.app.get(DataSource), 'drive-your-own-dog-sled-team', { capacity: 8 });
    const [pickup] = (await sut.app.get(DataSource).query('SELECT pp.pickup_points_id AS id FROM tour_pickup_points pp JOIN tours t ON t.id = pp.tours_id WHERE t.slug = ? ORDER BY pp.pickup_points_id LIMIT 1', ['drive-your-own-dog-sled-team'])) as { id: number }[];
    const booked = await bookings.aConfirmed(departure.id, {
      categories: [{ category: 'adult', quantity: 2 }],
      answers: { booking: {}, guests: [{ 'shoe-size': 42 }, { 'shoe-size': 38 }] },
      pickupPointId: Number(pickup.id),
    });
    expect(await stored(booked.reference)).toMatchObject({ status: 'confirmed', guests: 2, answers: { guests: [{ 'shoe-size': 42 }, { 'shoe-size': 38 }] }, pickupPointId: Number(pickup.id) });
  });
});
