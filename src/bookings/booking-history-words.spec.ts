import { formatKr } from '../../shared/company';
import { departuresNamedIn, idsNamedIn, readableAction, readableChange, readableRefundCause, type HistoryNames } from './booking-history-words';
import { describeChange, describeState } from './lifecycle/booking-writer';
import type { Booking } from './booking.entity';

const names: HistoryNames = { departures: new Map([[125, 'lör 5 dec. 09:00'], [126, 'sön 6 dec. 09:00']]), pickups: new Map([[1, 'Scandic Ferrum']]) };

describe("A booking's history in staff's words", () => {
  it('Reads a transition as written by describeChange: labels, departure times, pickup places and kronor', () => {
    const before = { status: 'held', paymentStatus: 'unpaid', departureId: 125, seats: 2, totalSek: 5300, attendance: null, pickupPointId: null } as unknown as Booking;
    const detail = describeChange(before, { status: 'confirmed', paymentStatus: 'due_on_arrival', departureId: 126, totalSek: 7950, pickupPointId: 1 });
    expect(readableChange(detail, names)).toBe(
      `status: reserverad → bekräftad; betalning: ej betald → betalas på plats; avgång: lör 5 dec. 09:00 → sön 6 dec. 09:00; totalt: ${formatKr(5300)} → ${formatKr(7950)}; upphämtning: ingen → Scandic Ferrum`,
    );
    expect(idsNamedIn(detail)).toEqual({ departures: [125, 126], pickups: [1] });
    expect(readableChange(describeState({ ...before, attendance: 'no_show' } as Booking), names)).toBe(
      `status: reserverad; betalning: ej betald; avgång: lör 5 dec. 09:00; platser: 2; totalt: ${formatKr(5300)}; närvaro: uteblev`,
    );
  });

  it('Shows what it has no words for as it is: a departure since deleted by its number, an unknown field unchanged', () => {
    expect(readableChange('avgång: 9 → 125', names)).toBe('avgång: nr 9 → lör 5 dec. 09:00');
    expect(readableChange('färg: blå → röd', names)).toBe('färg: blå → röd');
    expect(readableChange('constructor: a → b; status: toString', names)).toBe('constructor: a → b; status: toString');
    expect(readableRefundCause('cancelled-by-constructor')).toBe('avbokad');
    expect(readableChange(null, names)).toBeNull();
  });

  it('Names why money went back, keeping the payment id', () => {
    expect(readableRefundCause('cancelled-by-guest')).toBe('avbokad av gästen');
    expect(readableRefundCause('late-payment-pi_3Abc')).toBe('betald efter att reservationen gått ut, platserna var borta (pi_3Abc)');
    expect(readableRefundCause('duplicate-payment-pi_9')).toBe('betald två gånger (pi_9)');
    expect(readableRefundCause('changed-adult2-adult1')).toBe('ändrad bokning, mellanskillnaden');
    expect(readableRefundCause('something-new')).toBe('something-new');
  });

  it("Reads staff's and resellers' actions from the audit log's JSON", () => {
    const move = { action: 'booking.move', details: JSON.stringify({ from: 125, to: 126 }) };
    expect(departuresNamedIn(move)).toEqual([125, 126]);
    expect(readableAction(move, names)).toEqual({ what: 'Flyttade bokningen', detail: 'från lör 5 dec. 09:00 till sön 6 dec. 09:00' });
    expect(readableAction({ action: 'booking.create', details: JSON.stringify({ departureId: 125, guests: 2, payment: 'paid', notify: false }) }, names)).toEqual({
      what: 'Tog bokningen per telefon eller i disken',
      detail: 'betalning: betald; mejl till gästen: nej',
    });
    expect(readableAction({ action: 'booking.attendance', details: '{"attendance":"checked_in"}' }, names).detail).toBe('incheckad');
    expect(readableAction({ action: 'reseller.reserve', details: '{"uuid":"x","departureId":126}' }, names)).toEqual({ what: 'Reserverade platser', detail: 'avgång: sön 6 dec. 09:00' });
    expect(readableAction({ action: 'reseller.cancel', details: '{"reason":"Guest ill"}' }, names).detail).toBe('skäl: Guest ill');
    // Not JSON, or an action it does not know: as written.
    expect(readableAction({ action: 'booking.mark-paid', details: 'not json' }, names)).toEqual({ what: 'Markerade bokningen som betald på plats', detail: null });
    expect(readableAction({ action: 'booking.split', details: '{"a":1}' }, names)).toEqual({ what: 'booking.split', detail: '{"a":1}' });
  });
});
