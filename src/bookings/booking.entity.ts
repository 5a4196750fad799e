import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import type { PartyLine } from '../../shared/pricing';
import type { PromoTerms } from '../../shared/promo-codes';
import type { Answers } from '../../shared/questions';
import type { BookingSource } from '../../shared/booking-channel';
import type { Lang } from '../../shared/languages';
import type { PickupPoint } from '../tours/pickup-point.entity';
import { CreatedAt, UpdatedAt } from '../database/columns';
import type { Departure } from '../departures/departure.entity';
import { StayPackage } from './stay-package.entity';

import type { BookingStatus, CancelReason, PaymentMethod, PaymentStatus } from './lifecycle/transitions';

export type { BookingStatus, CancelReason, PaymentMethod, PaymentStatus };

@Entity('bookings')
@Index(['departureId', 'status'])
@Index(['status', 'holdExpiresAt'])
@Index(['clientIpHash', 'createdAt'])
@Index(['email', 'createdAt'])
@Index(['resellerId', 'resellerReference'])
@Index('IDX_bookings_promo_code', ['promoCodeId', 'status'])
export class Booking {
  @PrimaryGeneratedColumn()
  id: number;

  /** Unguessable (50 bits) and readable on the phone, such as NAT-7K4Q9-XH2MR. */
  @Column({ type: 'varchar', length: 16, unique: true })
  reference: string;

  @Column({ type: 'int' })
  departureId: number;

  @ManyToOne('Departure', { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'departure_id' })
  departure?: Departure;

  @Column({ type: 'int', nullable: true })
  stayPackageId: number | null;

  @ManyToOne(() => StayPackage, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'stay_package_id' })
  stayPackage?: StayPackage | null;

  /** People in the party (an infant is one; a family unit four). */
  @Column({ type: 'int' })
  guests: number;

  /** Seats the party takes on the departure: what the seat rule counts. */
  @Column({ type: 'int' })
  seats: number;

  /** The party by price category, with the names and prices of the day it was booked. */
  @Column({ type: 'simple-json', nullable: true })
  party: PartyLine[] | null;

  /** Where the guests are collected (one of the tour's pickup points); null: they come to the meeting point. */
  @Column({ type: 'int', nullable: true })
  pickupPointId: number | null;

  @ManyToOne('PickupPoint', { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'pickup_point_id' })
  pickupPoint?: PickupPoint | null;

  /** The answers to the tour's questions, for the booking and per guest. */
  @Column({ type: 'simple-json', nullable: true })
  answers: Answers | null;

  /** When the guest was reminded of questions still unanswered (once). */
  @Column({ type: 'datetime', nullable: true })
  answersRemindedAt: Date | null;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** A reseller's notes about the guest (OCTO's contact.notes), beside its notes on the booking. */
  @Column({ type: 'text', nullable: true })
  contactNotes: string | null;

  @Column({ type: 'varchar', length: 20 })
  status: BookingStatus;

  @Column({ type: 'datetime', nullable: true })
  holdExpiresAt: Date | null;

  @Column({ type: 'int' })
  tourAmountSek: number;

  @Column({ type: 'int', default: 0 })
  stayAmountSek: number;

  /** The rooms its stay was priced for (the package's guests per room at that moment); null without a stay. */
  @Column({ type: 'int', nullable: true })
  stayRooms: number | null;

  /** The stay's VAT rate when it was booked (null without a stay, or before rates were kept: 12). */
  @Column({ type: 'int', nullable: true })
  stayVatRate: number | null;

  @Column({ type: 'int' })
  totalSek: number;

  @Column({ type: 'varchar', length: 20, nullable: true })
  paymentMethod: PaymentMethod | null;

  @Column({ type: 'varchar', length: 20, default: 'unpaid' })
  paymentStatus: PaymentStatus;

  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  stripeSessionId: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripePaymentIntentId: string | null;

  /** The open Checkout Session's page and end, so a second checkout returns it instead of a new one. */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  stripeSessionUrl: string | null;

  @Column({ type: 'datetime', nullable: true })
  stripeSessionExpiresAt: Date | null;

  /** Numbers each new Checkout Session, so each gets an idempotency key of its own. */
  @Column({ type: 'int', default: 0 })
  checkoutAttempts: number;

  /** What the card payment brought in, in öre (Stripe's minor unit), as Stripe reported it. */
  @Column({ type: 'int', nullable: true })
  paidAmountOre: number | null;

  /**
   * The gift card that pays (part of) it, and how much of its money came from that card, in öre
   * (part of paidAmountOre; lowered as it goes back to the card). While it is a hold: the share
   * the card will pay once the rest is paid by card, nothing taken yet.
   */
  @Column({ type: 'int', nullable: true })
  giftCardId: number | null;

  @Column({ type: 'int', default: 0 })
  giftCardOre: number;

  /** The promo code it was made with (its uses are the held and confirmed bookings that name it). */
  @Column({ type: 'int', nullable: true })
  promoCodeId: number | null;

  /** The code's terms on the day it was booked: a change of party or date is priced with them. */
  @Column({ type: 'simple-json', nullable: true })
  promo: PromoTerms | null;

  /** What the code takes off the tour's price, in kronor (totalSek is after it). */
  @Column({ type: 'int', default: 0 })
  discountSek: number;

  /**
   * A deposit the guest chose to pay by card instead of the whole price (0: none), in öre: asked
   * at checkout, paid with the card payment that confirmed the booking, and kept if the guest
   * cancels. The balance is due `balanceDueDays` before the departure's start (a move moves it).
   */
  @Column({ type: 'int', default: 0 })
  depositOre: number;

  @Column({ type: 'int', nullable: true })
  balanceDueDays: number | null;

  /** The balance reminders sent (each once, at BALANCE_REMINDER_DAYS before the due day). */
  @Column({ type: 'int', default: 0 })
  balanceRemindersSent: number;

  /** When staff were told the balance was late (once; the booking is never cancelled for it). */
  @Column({ type: 'datetime', nullable: true })
  balanceLateAt: Date | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  cancelReason: CancelReason | null;

  /** Why a reseller cancelled, in its words (OCTO's cancellation.reason). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  cancelNote: string | null;

  /** Something staff must look at (shown on the dashboard), such as money to return by hand. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  attention: string | null;

  /** The hotel to pick the guest up from, as the guest gave it. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  pickup: string | null;

  /** Taken online, by staff on the phone or at the desk, or by a reseller through the OCTO API. */
  @Column({ type: 'varchar', length: 10, default: 'online' })
  source: BookingSource;

  /** The reseller that sold it (source `reseller`). */
  @Column({ type: 'int', nullable: true })
  resellerId: number | null;

  // Named, not imported: resellers sit above bookings (src/octo/).
  @ManyToOne('Reseller', { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'reseller_id' })
  reseller?: { id: number; name: string; commissionPercent?: number } | null;

  /** The reseller's own reference for the booking. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  resellerReference: string | null;

  /** The reseller's idempotency key (OCTO's booking `uuid`): one booking per uuid. */
  @Column({ type: 'varchar', length: 36, nullable: true, unique: true })
  octoUuid: string | null;

  /** The language the guest booked in: the pages its links open and the mails it sends are in it. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: Lang;

  /** Whether the guest gets our mails (a reseller's guest only when the reseller asks for them). */
  @Column({ type: 'boolean', default: true })
  mailGuest: boolean;

  /** How a booking taken by staff was paid (cash, card terminal, invoice number). */
  @Column({ type: 'varchar', length: 300, nullable: true })
  paymentNote: string | null;

  /** When the reminder went out (once, REMINDER_HOURS before the start). */
  @Column({ type: 'datetime', nullable: true })
  reminderSentAt: Date | null;

  /** The guest ticked "remind me if I don't finish": one mail if the hold lapses unpaid. */
  @Column({ type: 'boolean', default: false })
  remindMe: boolean;

  /** When that one mail went out, and when its link was used (once). */
  @Column({ type: 'datetime', nullable: true })
  recoverySentAt: Date | null;

  @Column({ type: 'datetime', nullable: true })
  recoveryUsedAt: Date | null;

  /** When the guest was asked, the morning after, how the tour was. */
  @Column({ type: 'datetime', nullable: true })
  reviewRequestedAt: Date | null;

  /** Marked at the meeting point. */
  @Column({ type: 'varchar', length: 12, nullable: true })
  attendance: 'checked_in' | 'no_show' | null;

  /** How many of the party came (3 of 4), once checked in. */
  @Column({ type: 'int', nullable: true })
  checkedInGuests: number | null;

  /** When the attendance was marked (the earliest check-in, by the guide's phone), and on which device (null: in the office). */
  @Column({ type: 'datetime', nullable: true })
  attendanceAt: Date | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  attendanceDevice: string | null;

  /** A keyed hash of the booking guest's address, for the per-address hold limits. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  clientIpHash: string | null;

  @Column({ type: 'datetime', nullable: true })
  paidAt: Date | null;

  @Column({ type: 'datetime', nullable: true })
  confirmedAt: Date | null;

  @Column({ type: 'datetime', nullable: true })
  cancelledAt: Date | null;

  /** When the guest's personal details were removed (retention after 7 years, or erasure on request); amounts, dates and tour stay for the accounts. */
  @Column({ type: 'datetime', nullable: true })
  anonymisedAt: Date | null;

  @CreatedAt()
  createdAt: Date;

  @UpdatedAt()
  updatedAt: Date;
}
