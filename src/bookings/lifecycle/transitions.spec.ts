import { ConflictException } from '@nestjs/common';

import { BOOKING_STATUSES, holdIsLive, nextStatus, takesSeats, TRANSITIONS, TransitionRefusedError, visibleStatus, type TransitionName } from './transitions';

const EXPECTED: Record<TransitionName, { from: string[]; to: string | 'same' }> = {
  hold: { from: [], to: 'held' },
  confirmOnArrival: { from: ['held'], to: 'confirmed' },
  payByGiftCard: { from: ['held'], to: 'confirmed' },
  startCardPayment: { from: ['held'], to: 'same' },
  confirmPayment: { from: ['held', 'expired', 'confirmed'], to: 'confirmed' },
  refusePayment: { from: ['held', 'confirmed', 'cancelled', 'expired'], to: 'same' },
  expire: { from: ['held'], to: 'expired' },
  cancelByGuest: { from: ['held'], to: 'cancelled' },
  cancelWithLink: { from: ['held', 'confirmed'], to: 'cancelled' },
  updateDetails: { from: ['held', 'confirmed'], to: 'same' },
  bookByStaff: { from: [], to: 'confirmed' },
  remind: { from: ['confirmed'], to: 'same' },
  changeByGuest: { from: ['confirmed'], to: 'same' },
  startBalancePayment: { from: ['confirmed'], to: 'same' },
  flagLateBalance: { from: ['confirmed'], to: 'same' },
  markAttendance: { from: ['confirmed'], to: 'same' },
  cancelByStaff: { from: ['held', 'confirmed'], to: 'cancelled' },
  cancelDeparture: { from: ['held', 'confirmed'], to: 'cancelled' },
  move: { from: ['held', 'confirmed'], to: 'same' },
  acceptMove: { from: ['confirmed'], to: 'same' },
  rebook: { from: ['cancelled'], to: 'confirmed' },
  markPaidOnSite: { from: ['confirmed'], to: 'same' },
  recordRepayment: { from: ['confirmed', 'cancelled'], to: 'same' },
  settleRefund: { from: ['held', 'confirmed', 'cancelled', 'expired'], to: 'same' },
  anonymise: { from: ['confirmed', 'cancelled', 'expired'], to: 'same' },
  holdForReseller: { from: [], to: 'held' },
  extendHold: { from: ['held'], to: 'same' },
  confirmByReseller: { from: ['held'], to: 'confirmed' },
  updateByReseller: { from: ['held', 'confirmed'], to: 'same' },
  changeByReseller: { from: ['held', 'confirmed'], to: 'same' },
  cancelByReseller: { from: ['held', 'confirmed'], to: 'cancelled' },
};

describe('the booking lifecycle table', () => {
  it('has exactly the transitions docs/booking-lifecycle.md describes', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  describe.each(Object.entries(EXPECTED) as [TransitionName, (typeof EXPECTED)[TransitionName]][])('%s', (transition, expected) => {
    const allowed = BOOKING_STATUSES.filter((status) => expected.from.includes(status));
    const refused = BOOKING_STATUSES.filter((status) => !expected.from.includes(status));

    if (allowed.length) {
      it.each(allowed)(`leads from %s to ${expected.to}`, (status) => {
        const sut = nextStatus(transition, status);
        expect(sut).toBe(expected.to === 'same' ? status : expected.to);
      });
    }

    if (refused.length) {
      it.each(refused)('is refused from %s with a 409 that says why', (status) => {
        const sut = () => nextStatus(transition, status);
        expect(sut).toThrow(TransitionRefusedError);
        expect(sut).toThrow(ConflictException);
        try {
          sut();
        } catch (error) {
          expect((error as ConflictException).getStatus()).toBe(409);
          expect((error as Error).message.length).toBeGreaterThan(10);
        }
      });
    }
  });

  it('tells a guest who cancels a confirmed booking to call, and staff in Swedish', () => {
    expect(() => nextStatus('cancelByGuest', 'confirmed')).toThrow('This booking is confirmed. To cancel it, use the link in your confirmation email (or Find my booking on our site), or call us on +46 980 123 45.');
    expect(() => nextStatus('cancelByStaff', 'cancelled')).toThrow('Bokningen är redan avbokad.');
    expect(() => nextStatus('markPaidOnSite', 'held')).toThrow('Bara bekräftade bokningar kan markeras som betalda (denna är reserverad).');
  });

  it("refuses a guest in each of the site's languages (the exception filter answers in the request's), staff and resellers in one", () => {
    const refusal = (transition: TransitionName, status: (typeof BOOKING_STATUSES)[number]) => {
      try {
        nextStatus(transition, status);
      } catch (error) {
        return error as TransitionRefusedError;
      }
      throw new Error(`${transition} from ${status} was allowed`);
    };
    expect(refusal('startCardPayment', 'cancelled').texts).toEqual({
      en: 'This booking is cancelled and cannot be paid.',
      sv: 'Bokningen är avbokad och kan inte betalas.',
      de: 'Diese Buchung ist storniert und kann nicht bezahlt werden.',
    });
    for (const [transition, rule] of Object.entries(TRANSITIONS) as [TransitionName, (typeof TRANSITIONS)[TransitionName]][]) {
      for (const status of BOOKING_STATUSES.filter((candidate) => !(rule.from as readonly string[]).includes(candidate))) {
        const { texts, message } = refusal(transition, status);
        if (rule.by !== 'guest') expect({ transition, texts }).toEqual({ transition, texts: undefined });
        else expect({ transition, status, languages: new Set(Object.values(texts!)).size, en: texts!.en }).toEqual({ transition, status, languages: 3, en: message });
      }
    }
  });
});

describe('hold predicates', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const later = new Date(now.getTime() + 60_000);
  const earlier = new Date(now.getTime() - 1);

  it('counts a live hold and a confirmed booking as taking seats, nothing else', () => {
    expect(takesSeats({ status: 'held', holdExpiresAt: later }, now)).toBe(true);
    expect(takesSeats({ status: 'held', holdExpiresAt: earlier }, now)).toBe(false);
    expect(takesSeats({ status: 'confirmed', holdExpiresAt: null }, now)).toBe(true);
    expect(takesSeats({ status: 'expired', holdExpiresAt: later }, now)).toBe(false);
    expect(takesSeats({ status: 'cancelled', holdExpiresAt: later }, now)).toBe(false);
  });

  it('ends a hold exactly at its expiry, and shows a lapsed one as expired before the sweeper runs', () => {
    expect(holdIsLive({ status: 'held', holdExpiresAt: now }, now)).toBe(false);
    expect(visibleStatus({ status: 'held', holdExpiresAt: now }, now)).toBe('expired');
    expect(visibleStatus({ status: 'held', holdExpiresAt: later }, now)).toBe('held');
    expect(visibleStatus({ status: 'confirmed', holdExpiresAt: earlier }, now)).toBe('confirmed');
  });
});
