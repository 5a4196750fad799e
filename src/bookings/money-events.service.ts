import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, DataSource, In, IsNull, Not } from 'typeorm';

import type { MoneyEvent, SalesChannel } from '../../shared/accounts';
import { vatLines, vatShare } from '../../shared/vat';
import { soldVat } from './booking.mapper';
import { GiftCardLedger } from '../gift-cards/gift-card-ledger.service';
import { BookingPayment } from './booking-payment.entity';
import { BookingRefund } from './booking-refund.entity';
import { Booking } from './booking.entity';
import { giftCardOfPayment } from './lifecycle/booking-writer';

/**
 * Every movement of money in a period, as the books need it: what arrived for bookings (card
 * payments, gift cards spent, money taken on site, reseller bookings at their confirmation) and
 * what went back (card refunds made, money back onto gift cards, reseller bookings cancelled),
 * each at its booking's VAT rates in proportion; and the gift cards sold, issued by hand and
 * voided. Read from the records the lifecycle and the ledger keep; nothing is copied.
 */
@Injectable()
export class MoneyEvents {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly giftCards: GiftCardLedger,
  ) {}

  async between(from: Date, to: Date): Promise<MoneyEvent[]> {
    const within = Between(from, new Date(to.getTime() - 1));
    const [payments, refunds, onSite, resellerIn, resellerOut, cardEntries] = await Promise.all([
      this.dataSource.getRepository(BookingPayment).find({ where: { createdAt: within }, order: { id: 'ASC' } }),
      this.dataSource.getRepository(BookingRefund).find({ where: { status: 'succeeded', refundedAt: within }, order: { id: 'ASC' } }),
      this.dataSource.getRepository(Booking).find({ where: { paymentMethod: In(['on_site', 'on_arrival']), paymentStatus: In(['paid', 'refunded', 'refund_pending']), paidAt: within }, select: { id: true } }),
      this.dataSource.getRepository(Booking).find({ where: { paymentMethod: 'reseller', confirmedAt: within, status: Not('held') }, select: { id: true } }),
      this.dataSource.getRepository(Booking).find({ where: { paymentMethod: 'reseller', status: 'cancelled', cancelledAt: within, confirmedAt: Not(IsNull()) }, select: { id: true } }),
      this.giftCards.entriesBetween(from, to),
    ]);
    // A card for a named tour was sales when sold (a single-purpose voucher): what it pays for a booking, and what comes back onto it, is not sales again.
    const tourCards = await this.giftCards.tourCardIds([...payments.map((payment) => giftCardOfPayment(payment.paymentIntentId)), ...cardEntries.map((entry) => entry.giftCardId)].filter((id): id is number => id !== null));
    const giftCardBack = cardEntries.filter((entry) => entry.kind === 'refund' && entry.bookingId !== null && !tourCards.has(entry.giftCardId));
    const ids = [...payments.map((payment) => payment.bookingId), ...refunds.map((refund) => refund.bookingId), ...onSite.map((booking) => booking.id), ...resellerIn.map((booking) => booking.id), ...resellerOut.map((booking) => booking.id), ...giftCardBack.map((entry) => entry.bookingId!)];
    const bookings = new Map((ids.length ? await this.dataSource.getRepository(Booking).find({ where: { id: In([...new Set(ids)]) }, relations: { departure: { tour: true }, reseller: true } }) : []).map((booking) => [booking.id, booking]));
    const of = (id: number) => {
      const booking = bookings.get(id)!;
      return { booking, channel: booking.source as SalesChannel, reference: booking.reference };
    };
    const events: MoneyEvent[] = [];
    for (const payment of payments) {
      const card = giftCardOfPayment(payment.paymentIntentId);
      if (card !== null && tourCards.has(card)) continue;
      const { booking, ...about } = of(payment.bookingId);
      events.push({ kind: 'booking-in', at: payment.createdAt, via: card !== null ? 'gift-card' : 'card', ...about, vat: vatShare(soldVat(booking), payment.amountOre) });
    }
    for (const { id } of onSite) {
      const { booking, ...about } = of(id);
      // What was taken on site: the money it holds beyond what a gift card paid.
      const amountOre = (booking.paidAmountOre ?? booking.totalSek * 100) - booking.giftCardOre;
      if (amountOre > 0) events.push({ kind: 'booking-in', at: booking.paidAt!, via: 'on-site', ...about, vat: vatShare(soldVat(booking), amountOre) });
    }
    const resellerMoney = (booking: Booking) => {
      const amountOre = booking.paidAmountOre ?? booking.totalSek * 100;
      return { amountOre, commissionOre: Math.round((amountOre * (booking.reseller?.commissionPercent ?? 0)) / 100) };
    };
    for (const { id } of resellerIn) {
      const { booking, ...about } = of(id);
      const { amountOre, commissionOre } = resellerMoney(booking);
      events.push({ kind: 'booking-in', at: booking.confirmedAt!, via: 'reseller', ...about, vat: vatShare(soldVat(booking), amountOre), commissionOre });
    }
    for (const { id } of resellerOut) {
      const { booking, ...about } = of(id);
      const { amountOre, commissionOre } = resellerMoney(booking);
      events.push({ kind: 'booking-out', at: booking.cancelledAt!, via: 'reseller', ...about, vat: vatShare(soldVat(booking), amountOre), commissionOre });
    }
    // A refund's row for money that went back onto a gift card is that card's ledger entry's twin (giftCardBack): booked once, from the ledger.
    for (const refund of refunds.filter((row) => giftCardOfPayment(row.paymentIntentId) === null)) {
      const { booking, ...about } = of(refund.bookingId);
      events.push({ kind: 'booking-out', at: refund.refundedAt!, via: 'card', ...about, vat: vatShare(soldVat(booking), refund.amountOre) });
    }
    for (const entry of giftCardBack) {
      const { booking, ...about } = of(entry.bookingId!);
      events.push({ kind: 'booking-out', at: entry.createdAt, via: 'gift-card', ...about, vat: vatShare(soldVat(booking), entry.amountOre) });
    }
    for (const entry of cardEntries) {
      if (entry.kind === 'issue' && entry.tourVatRate !== null) {
        // Sold for a named tour: sales at the tour's rate now, on the site.
        events.push({ kind: 'booking-in', at: entry.createdAt, via: 'card', channel: 'online', reference: `presentkort ${entry.giftCardId}`, vat: vatLines([{ rate: entry.tourVatRate, grossOre: entry.amountOre }]) });
        continue;
      }
      if (entry.kind === 'issue') events.push({ kind: entry.origin === 'purchase' ? 'gift-card-sold' : 'gift-card-issued', at: entry.createdAt, amountOre: entry.amountOre, card: entry.giftCardId });
      // A card for a named tour voided keeps its sale (no debt was booked for it).
      if (entry.kind === 'void' && entry.amountOre !== 0 && entry.tourVatRate === null) events.push({ kind: 'gift-card-voided', at: entry.createdAt, amountOre: -entry.amountOre, card: entry.giftCardId });
    }
    return events.sort((a, b) => a.at.getTime() - b.at.getTime());
  }
}
