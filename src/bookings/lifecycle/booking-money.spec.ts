import type { Booking } from '../booking.entity';
import { heldGiftCardOre, heldOnSiteOre, heldOre, owedOre } from './booking-money';
import { heldCardPayment } from './transitions';

type Money = Pick<Booking, 'status' | 'paymentStatus' | 'paymentMethod' | 'paidAmountOre' | 'totalSek' | 'giftCardOre' | 'stripePaymentIntentId'>;
const booking = (fields: Partial<Money>): Money => ({ status: 'confirmed', paymentStatus: 'paid', paymentMethod: 'stripe', paidAmountOre: 390_000, totalSek: 3900, giftCardOre: 0, stripePaymentIntentId: 'pi_1', ...fields });

describe('the money a booking holds from a gift card', () => {
  it('is the card payment apart from the gift card beside it: each goes back to where it came from', () => {
    const mixed = booking({ giftCardOre: 100_000 });
    expect(heldOre(mixed)).toBe(390_000);
    expect(heldGiftCardOre(mixed)).toBe(100_000);
    expect(heldCardPayment(mixed)).toEqual({ paymentIntentId: 'pi_1', amountOre: 290_000 });
    expect(heldOnSiteOre(mixed)).toBe(0);
    expect(owedOre(mixed)).toBe(0);
  });

  it('is never money taken on site, which only a person gives back', () => {
    const partly = booking({ paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival', paidAmountOre: 100_000, giftCardOre: 100_000, stripePaymentIntentId: null });
    expect(heldOnSiteOre(partly)).toBe(0);
    expect(owedOre(partly)).toBe(290_000);
    // The rest then taken on site: that part, and only that, is on-site money.
    const paidOnSite = { ...partly, paymentStatus: 'paid' as const, paidAmountOre: 390_000 };
    expect(heldOnSiteOre(paidOnSite)).toBe(290_000);
    expect(heldGiftCardOre(paidOnSite)).toBe(100_000);
  });

  it('is nothing while the booking is a hold (the card pays its share only with the rest), nor once it goes back', () => {
    expect(heldGiftCardOre(booking({ status: 'held', paymentStatus: 'unpaid', paidAmountOre: null, giftCardOre: 100_000 }))).toBe(0);
    expect(heldGiftCardOre(booking({ status: 'cancelled', paymentStatus: 'refunded', giftCardOre: 0 }))).toBe(0);
    expect(heldGiftCardOre(booking({ paymentMethod: 'gift_card', giftCardOre: 390_000, stripePaymentIntentId: null }))).toBe(390_000);
    expect(heldCardPayment(booking({ paymentMethod: 'gift_card', giftCardOre: 390_000, stripePaymentIntentId: null }))).toBeNull();
  });
});
