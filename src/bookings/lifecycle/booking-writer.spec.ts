import type { Booking } from '../booking.entity';
import { describeChange, describeState } from './booking-writer';

describe(describeChange.name, () => {
  const before = { status: 'held', paymentStatus: 'unpaid', departureId: 4, seats: 2, totalSek: 2000, attendance: null, pickupPointId: null } as unknown as Booking;

  it('Says what a write changes of the followed fields, from and to', () => {
    expect(describeChange(before, { status: 'confirmed', paymentStatus: 'due_on_arrival' })).toBe('status: held → confirmed; betalning: unpaid → due_on_arrival');
    expect(describeChange(before, { departureId: 9, seats: 3, totalSek: 3000, name: 'Anna' } as Partial<Booking>)).toBe('avgång: 4 → 9; platser: 2 → 3; total (kr): 2000 → 3000');
    expect(describeChange(before, { attendance: 'checked_in' })).toBe('närvaro: – → checked_in');
  });

  it("Says a new booking's followed fields that have a value, in the same words", () => {
    expect(describeState({ ...before, name: 'Anna' } as Booking)).toBe('status: held; betalning: unpaid; avgång: 4; platser: 2; total (kr): 2000');
  });

  it('Says nothing of a write that changes none of them, and never a guest detail', () => {
    expect(describeChange(before, { status: 'held', phone: '+46 70 111 22 33', notes: 'vegetarian' } as Partial<Booking>)).toBeNull();
  });
});
