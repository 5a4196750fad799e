import type { EntityManager } from 'typeorm';

import type { MissingAnswer } from '../../../shared/questions';
import type { Booking } from '../booking.entity';
import type { WeatherReason } from '../weather-call.entity';
import type { CancelReason } from './transitions';

/** Why money goes back to a card; one refund per booking and cause. */
export type RefundCause =
  | `cancelled-by-${CancelReason}`
  | 'late-payment'
  | 'payment-after-cancel'
  | 'departure-cancelled'
  | 'departure-left'
  | 'amount-mismatch'
  | 'gift-card-spent'
  | `duplicate-payment-${string}`
  | `changed-${string}`
  | `change-refused-${string}`;

/** What happens to money when a booking is cancelled, as the guest is told. */
export type CancelledMoney =
  | { kind: 'card-refund'; amountSek: number; giftCardSek?: number; keptDepositSek?: number }
  /** The guest cancelled a booking that had paid only its deposit: the deposit is kept, as its terms said. */
  | { kind: 'deposit-kept'; amountSek: number }
  | { kind: 'gift-card-refund'; amountSek: number }
  | { kind: 'paid-on-site'; amountSek: number }
  | { kind: 'nothing-charged' }
  | { kind: 'paid-to-reseller' }
  | { kind: 'no-refund-late'; amountSek: number; freeHours: number };

/**
 * What the lifecycle tells about a booking, in the transaction that made it happen: all a
 * listener (the guest's and staff's mails) needs beyond the booking itself. A transition's
 * notice is kept with its history row (booking_events.notice).
 */
export type BookingNotice =
  /** Confirmed: paid, due on arrival, taken by staff, by a reseller, or rebooked. */
  | { kind: 'confirmed' }
  /** Cancelled, with what happens to the money; `tellStaff` when the guest cancelled a confirmed booking themselves. */
  | { kind: 'cancelled'; reason: CancelReason; money: CancelledMoney; tellStaff: boolean }
  /** Its date or party changed; `tellStaff` when the guest changed it themselves. */
  | { kind: 'changed'; refundedSek: number; tellStaff: boolean }
  /** Stripe made a refund. */
  | { kind: 'refunded'; cause: string; amountOre: number; stripeRefundId: string }
  /** REMINDER_HOURS before the start. */
  | { kind: 'reminder' }
  /** A deposit's balance is still owed, due at `dueAt` (at BALANCE_REMINDER_DAYS before it). */
  | { kind: 'balanceDue'; dueAt: string }
  /** A deposit's balance is past its day: staff are told (the guest keeps the booking). */
  | { kind: 'balanceLate' }
  /** Required answers still missing, due at `dueAt`. */
  | { kind: 'answersMissing'; missing: MissingAnswer[]; dueAt: string }
  /** Staff moved its departure (the weather): a free move or a full refund, answered on the manage page. */
  | { kind: 'weatherOffer'; reason: WeatherReason; fromStartsAt: string; toStartsAt: string }
  /** Its hold lapsed unpaid and the guest ticked "remind me": one mail with a link back to the booking page. */
  | { kind: 'recovery' }
  /** The morning after its tour: how was it? (a one-tap rating). */
  | { kind: 'reviewRequest' };

/** Hears every notice in the transaction that made it (so what it writes commits, or not, with the change). */
export type NoticeListener = (manager: EntityManager, booking: Booking, notice: BookingNotice, now: Date) => Promise<void>;

/** A transition as its listeners hear it: which booking (and whose, when a reseller sold it), and which transition. */
export interface TransitionMade {
  bookingId: number;
  resellerId: number | null;
  transition: string;
}

/** Hears every transition in the transaction that made it (a reseller's webhooks write their outbox rows there). */
export type TransitionListener = (manager: EntityManager, made: TransitionMade, now: Date) => Promise<void>;
