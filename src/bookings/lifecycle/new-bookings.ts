import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

import type { BookingQuote } from '../../../shared/pricing';
import { withDepartureLock } from '../../departures/departure-lock';
import { assertBookable, type Asker } from '../../departures/departure-rules';
import type { Departure } from '../../departures/departure.entity';
import { SeatsRepository } from '../../departures/seats.repository';
import { partyOfLines } from '../../departures/resources/resource-rooms';
import { bookingTerms } from '../../tours/tour-options';
import type { Booking } from '../booking.entity';
import type { StayPackage } from '../stay-package.entity';
import { assertSeats, checkOptions, newBookingFields, quoteRequest, type OptionsRequest, type PartyRequest } from './bookable';
import type { BookingNotice } from './booking-notices';
import { BookingWriter } from './booking-writer';
import { PromoRedemption } from './promo-redemption';

/** A new booking as the site, staff or a reseller asks for it. */
export interface NewBooking {
  /** Who asks: a guest (the site), staff (phone or desk) or a reseller (OCTO). */
  by: Asker;
  transition: 'hold' | 'bookByStaff' | 'holdForReseller';
  departureId: number;
  party: PartyRequest;
  stay: StayPackage | null;
  /** The pickup and answers asked for; a reseller asks none (staff collect the answers later, as for phone bookings). */
  options: OptionsRequest;
  contact: { name: string; email: string; phone?: string; notes?: string };
  /** What the booking is beyond its party and contact: its state, payment, source, hold. */
  fields: (departure: Departure) => Partial<Booking>;
  /** A promo code the guest (or staff for them) gave: its row is locked with the others, its discount taken off the quote (PromoRedemption). */
  promoCode?: string | null;
  /** Told once it is written (a confirmation), if anything. */
  notice?: BookingNotice;
  /** Under the departure's lock, first: a booking already made for this request (a reseller's uuid again). */
  first?: (manager: EntityManager) => Promise<string | null | undefined>;
  /**
   * Further locks, taken right after the departure's and before anything is read: on MySQL a
   * transaction reads from the moment of its first plain read, so what the lock guards (the
   * guest's other holds) must be read after it is taken.
   */
  lock?: (manager: EntityManager) => Promise<void>;
  /** Under the locks once the party is priced (less a promo code's discount) and the seats are there: the guest's limits, a gift card's share. */
  check?: (manager: EntityManager, quote: BookingQuote, departure: Departure) => Promise<void>;
  /** The questions may be answered later, on the manage page (a waitlist offer taken in one tap); a guest answers them now otherwise. */
  answersLater?: boolean;
  /** In the same transaction, once written: the audit log's line. */
  then?: (manager: EntityManager, booking: Booking, departure: Departure) => Promise<void>;
}

/**
 * openBooking: the one way a booking comes to be, for the site's hold, staff's phone booking and
 * a reseller's reservation. Under the departure's lock: the departure takes bookings from the
 * asker (the departure rules), the party is priced at that moment's prices (less a promo code's
 * discount, the code's row locked too), the seats are there, pickup and answers are checked, and
 * the booking is written. Answers its reference.
 */
@Injectable()
export class NewBookings {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly seats: SeatsRepository,
    private readonly writer: BookingWriter,
    private readonly promos: PromoRedemption,
  ) {}

  openBooking(request: NewBooking, now: Date): Promise<string> {
    // A reseller's party and seats are refused in English, as a guest's; its answers may wait, as a phone booking's.
    const words = request.by === 'staff' ? 'staff' : 'guest';
    return withDepartureLock(this.dataSource, request.departureId, async ({ manager }, departure) => {
      // The further locks first: what they guard must be read after they are taken (see `lock`).
      await this.seats.lockRooms(manager, [request.stay?.id]);
      await request.lock?.(manager);
      const promo = request.promoCode ? await this.promos.lock(manager, request.promoCode) : null;
      const existing = await request.first?.(manager);
      if (existing) return existing;
      assertBookable(departure, request.departureId, now, request.by);
      const terms = await bookingTerms(manager, departure);
      const priced = quoteRequest(terms.prices, request.party, request.stay, words);
      assertSeats(await this.seats.seatsLeft(manager, departure, now, undefined, partyOfLines(priced.lines, priced.seats)), priced.seats, words);
      await this.seats.assertRooms(manager, departure.startsAt, { packageId: request.stay?.id ?? null, rooms: priced.rooms }, now);
      const redeemed = promo ? await this.promos.redeem(manager, promo, { quote: priced, departure, email: request.contact.email }, now) : null;
      const quote = redeemed?.quote ?? priced;
      await request.check?.(manager, quote, departure);
      const chosen = checkOptions(terms.options, request.options, quote.guests, request.by, undefined, request.by === 'guest' && !request.answersLater);
      const booking = await this.writer.insert(manager, request.transition, { ...newBookingFields(departure, request.stay, quote, chosen, request.contact), ...redeemed?.fields, ...request.fields(departure) }, request.notice, now);
      await request.then?.(manager, booking, departure);
      return booking.reference;
    });
  }
}
