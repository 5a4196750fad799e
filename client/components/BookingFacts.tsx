import { Fragment, type ReactNode } from 'react';

import type { BookingSummary } from '../../shared/api-types';
import { describeParty } from '../../shared/pricing';
import { useFormat } from '../i18n/format';
import { useLang, useT } from '../i18n/i18n';
import { promoLabel } from '../../shared/promo-codes';
import { formatOreIn } from '../../shared/vat';

/** A confirmed date still short of its minimum: how many more it needs, when it is decided, and what then. */
export function MinimumNote({ minimum }: { minimum: NonNullable<BookingSummary['minimum']> }) {
  const t = useT();
  const format = useFormat();
  return (
    <p className="notice minimum-notice">
      {minimum.deciding
        ? t('manage.minimumDeciding', { guests: minimum.guests, needed: minimum.needed })
        : t('manage.minimum', { guests: minimum.guests, needed: minimum.needed, date: format.departure(minimum.decidedAt) })}
    </p>
  );
}

/** The facts of a booking every booking page shows; a page adds its own rows as children. */
export function BookingFacts({ booking, children }: { booking: BookingSummary; children?: ReactNode }) {
  const t = useT();
  const format = useFormat();
  const lang = useLang();
  return (
    <dl className="booking-facts">
      <dt>{t('facts.reference')}</dt>
      <dd className="reference">{booking.reference}</dd>
      <dt>{t('facts.tour')}</dt>
      <dd>{booking.tour.title}</dd>
      <dt>{t('facts.when')}</dt>
      <dd>{format.departure(booking.departure.startsAt)}</dd>
      <dt>{t('facts.guests')}</dt>
      {/* Who they are, when more than one price: what the guest checks before paying. */}
      <dd>{booking.party.length > 1 || booking.party.some((line) => line.guestsPerUnit > 1) ? `${booking.guests} (${describeParty(booking.party)})` : booking.guests}</dd>
      {booking.stayPackage && (
        <>
          <dt>{t('facts.stay')}</dt>
          <dd>{t('facts.rooms', { name: booking.stayPackage.name, count: booking.stayPackage.rooms })}</dd>
        </>
      )}
      {booking.promo && booking.discountSek > 0 && (
        <>
          <dt>{promoLabel(booking.promo, lang)}</dt>
          <dd>−{format.sek(booking.discountSek)}</dd>
        </>
      )}
      <dt>{t('facts.total')}</dt>
      <dd>{format.sek(booking.totalSek)}</dd>
      {/* The receipt's VAT, at each rate the booking is sold at. */}
      {booking.vat.map((line) => (
        <Fragment key={line.rate}>
          <dt className="booking-facts__vat">{t('facts.vat', { rate: line.rate })}</dt>
          <dd className="booking-facts__vat">{formatOreIn(lang, line.vatOre)}</dd>
        </Fragment>
      ))}
      {booking.giftCardSek > 0 && (
        <>
          <dt>{t('facts.giftCard')}</dt>
          <dd>−{format.sek(booking.giftCardSek)}</dd>
        </>
      )}
      {children}
    </dl>
  );
}
