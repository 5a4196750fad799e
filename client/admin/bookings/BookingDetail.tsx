import type { AdminBookingRow, TourDateView } from '../../../shared/admin-types';
import { channelLabel } from '../../../shared/booking-channel';
import { LANGUAGE_NAMES_SV } from '../../../shared/languages';
import { describeParty } from '../../../shared/pricing';
import { formatKr, formatWhen, PAYMENT_LABELS, REFUND_STATUS_LABELS, STATUS_LABELS } from '../admin-format';
import { BookingHistoryList } from './BookingHistoryList';

/** Where the guests are collected and when (a pickup point of the tour), and any hotel they wrote themselves. */
function pickupText(booking: AdminBookingRow): string {
  const point = booking.pickupPoint && `${booking.pickupPoint.name}, ${booking.pickupPoint.address}, ${formatWhen(booking.pickupPoint.at)}`;
  return [point, booking.pickup && `gästen skrev: ${booking.pickup}`].filter(Boolean).join(' · ') || 'Ingen';
}

export type BookingAction = 'mark-paid' | 'repaid' | 'cancel' | 'move';

/**
 * One booking as staff see it (money, refunds, source, pickup, reminder, what to do) with what
 * may be done to it now: mark paid, cancel, or move to one of `targets`; and its history.
 */
export function BookingDetail({ booking, targets, onAction }: { booking: AdminBookingRow; targets: TourDateView[]; onAction: (name: BookingAction, question: string, body?: object) => void }) {
  return (
    <section className="admin-card booking-detail" aria-labelledby="detail-title">
      <h2 id="detail-title">{`Bokning ${booking.reference}`}</h2>
      <dl className="admin-stats">
        <dt>Tur</dt>
        <dd>{`${booking.tour.title}, ${formatWhen(booking.departure.startsAt)}`}</dd>
        <dt>Gäst</dt>
        <dd>{`${booking.name}, ${booking.email}${booking.phone ? `, ${booking.phone}` : ''}`}</dd>
        <dt>Språk</dt>
        <dd>{`På ${LANGUAGE_NAMES_SV[booking.language]}`}</dd>
        <dt>Gäster</dt>
        <dd>{booking.party.length > 1 || booking.party.some((line) => line.guestsPerUnit > 1) ? `${booking.guests}: ${describeParty(booking.party)}` : booking.guests}</dd>
        {booking.stayPackage && (
          <>
            <dt>Boende</dt>
            <dd>{`${booking.stayPackage.name}, ${booking.stayPackage.rooms} rum`}</dd>
          </>
        )}
        <dt>Status</dt>
        <dd>{`${STATUS_LABELS[booking.status]} · ${PAYMENT_LABELS[booking.paymentStatus]}`}</dd>
        {booking.promo && booking.discountSek > 0 && (
          <>
            <dt>{`Rabattkod ${booking.promo.code}`}</dt>
            <dd>{`−${formatKr(booking.discountSek)}`}</dd>
          </>
        )}
        <dt>Totalt</dt>
        <dd>{formatKr(booking.totalSek)}</dd>
        {booking.paidAmountSek !== null && (
          <>
            <dt>{booking.paymentMethod === 'stripe' ? 'Betalt med kort' : booking.paymentMethod === 'reseller' ? 'Betalt till återförsäljaren' : booking.paymentMethod === 'gift_card' ? 'Betalt med presentkort' : 'Betalt'}</dt>
            <dd>{formatKr(booking.paidAmountSek)}</dd>
          </>
        )}
        {booking.giftCardSek > 0 && booking.paidAmountSek !== null && booking.paymentMethod !== 'gift_card' && (
          <>
            <dt>Varav presentkort</dt>
            <dd>{formatKr(booking.giftCardSek)}</dd>
          </>
        )}
        {booking.owedSek > 0 && (
          <>
            <dt>Att ta betalt</dt>
            <dd>{formatKr(booking.owedSek)}</dd>
          </>
        )}
        {booking.repayableSek > 0 && (
          <>
            <dt>Att betala tillbaka</dt>
            <dd>{formatKr(booking.repayableSek)}</dd>
          </>
        )}
        {booking.refunds.length > 0 && (
          <>
            <dt>Återbetalningar</dt>
            <dd>
              <ul className="admin-list">
                {booking.refunds.map((refund) => (
                  <li key={refund.id}>{`${formatKr(refund.amountSek)} · ${REFUND_STATUS_LABELS[refund.status]}${refund.stripeRefundId ? ` · ${refund.stripeRefundId}` : ''}${refund.refundedAt ? ` · ${formatWhen(refund.refundedAt)}` : ''}`}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>Källa</dt>
        <dd>{[channelLabel(booking.source, booking.reseller?.name), booking.reseller?.reference && `referens ${booking.reseller.reference}`, booking.source === 'staff' && booking.paymentNote].filter(Boolean).join(' · ')}</dd>
        <dt>Upphämtning</dt>
        <dd>{pickupText(booking)}</dd>
        {booking.answersText && (
          <>
            <dt>Svar</dt>
            <dd>{booking.answersText}</dd>
          </>
        )}
        <dt>Påminnelse</dt>
        <dd>{booking.reminderSentAt ? `Skickad ${formatWhen(booking.reminderSentAt)}` : 'Inte skickad'}</dd>
        {booking.attention && (
          <>
            <dt>Att göra</dt>
            <dd className="error-message">{booking.attention}</dd>
          </>
        )}
        {booking.notes && (
          <>
            <dt>Anteckningar</dt>
            <dd>{booking.notes}</dd>
          </>
        )}
      </dl>
      <div className="admin-actions">
        {booking.status === 'confirmed' && booking.paymentStatus !== 'paid' && (
          <button type="button" className="button button--small" onClick={() => onAction('mark-paid', `Markera ${booking.reference} som betald?`)}>
            Markera som betald
          </button>
        )}
        {booking.repayableSek > 0 && (
          <button type="button" className="button button--small" onClick={() => onAction('repaid', `Har ${formatKr(booking.repayableSek)} betalats tillbaka till gästen för ${booking.reference}?`)}>
            Registrera återbetalning
          </button>
        )}
        {(booking.status === 'held' || booking.status === 'confirmed') && (
          <>
            <button type="button" className="button button--small button--danger" onClick={() => onAction('cancel', `Avboka ${booking.reference}? Platserna släpps och gästen får ett mejl.`)}>
              Avboka
            </button>
            <label htmlFor="move-to" className="visually-hidden">
              Flytta till avgång
            </label>
            <select id="move-to" defaultValue="" onChange={(event) => event.currentTarget.value && onAction('move', 'Flytta bokningen till den valda avgången?', { departureId: Number(event.currentTarget.value) })}>
              <option value="">Flytta till…</option>
              {targets.map((date) => (
                <option key={date.id} value={date.id}>{`${formatWhen(date.startsAt)} (${date.seatsLeft} lediga)`}</option>
              ))}
            </select>
          </>
        )}
      </div>
      <BookingHistoryList reference={booking.reference} />
    </section>
  );
}
