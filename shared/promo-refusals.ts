/**
 * Why a promo code is refused, in each language: for the server's answers (the booking page shows
 * the server's words, so these never weigh on its bundle).
 */
import type { Lang } from './languages';

/** Why a code cannot be used on this booking. */
export type PromoRefusalReason =
  | 'unknown'
  | 'paused'
  | 'not-yet'
  | 'ended'
  | 'tour-date'
  | 'other-tour'
  | 'used-up'
  | 'used-by-you'
  | 'party-too-small'
  | 'no-category'
  | 'too-many-tries';

/** A refusal in each language (the server answers with the guest's; the booking page shows it under the field). */
export function promoRefusalTexts(reason: PromoRefusalReason, detail: { minGuests?: number } = {}): Record<Lang, string> {
  const min = detail.minGuests ?? 2;
  const texts: Record<PromoRefusalReason, Record<Lang, string>> = {
    unknown: { en: 'We do not know that promo code. Please check it and try again.', sv: 'Vi känner inte igen den rabattkoden. Kontrollera den och försök igen.', de: 'Diesen Rabattcode kennen wir nicht. Bitte prüfen Sie ihn und versuchen Sie es erneut.' },
    paused: { en: 'That promo code cannot be used at the moment.', sv: 'Den rabattkoden går inte att använda just nu.', de: 'Dieser Rabattcode kann derzeit nicht verwendet werden.' },
    'not-yet': { en: 'That promo code cannot be used yet.', sv: 'Den rabattkoden går inte att använda ännu.', de: 'Dieser Rabattcode kann noch nicht verwendet werden.' },
    ended: { en: 'That promo code has expired.', sv: 'Den rabattkoden har gått ut.', de: 'Dieser Rabattcode ist abgelaufen.' },
    'tour-date': { en: 'That promo code is not valid for this date. Please choose another date or remove the code.', sv: 'Den rabattkoden gäller inte det här datumet. Välj ett annat datum eller ta bort koden.', de: 'Dieser Rabattcode gilt nicht für dieses Datum. Bitte wählen Sie ein anderes Datum oder entfernen Sie den Code.' },
    'other-tour': { en: 'That promo code is not valid for this tour.', sv: 'Den rabattkoden gäller inte den här turen.', de: 'Dieser Rabattcode gilt nicht für diese Tour.' },
    'used-up': { en: 'That promo code has been used up.', sv: 'Den rabattkoden är slutanvänd.', de: 'Dieser Rabattcode ist aufgebraucht.' },
    'used-by-you': { en: 'You have already used that promo code.', sv: 'Du har redan använt den rabattkoden.', de: 'Sie haben diesen Rabattcode bereits verwendet.' },
    'party-too-small': { en: `That promo code is for groups of at least ${min} guests.`, sv: `Den rabattkoden gäller sällskap på minst ${min} gäster.`, de: `Dieser Rabattcode gilt für Gruppen ab ${min} Gästen.` },
    'no-category': { en: 'That promo code does not apply to the tickets you chose.', sv: 'Den rabattkoden gäller inte de biljetter du valt.', de: 'Dieser Rabattcode gilt nicht für die gewählten Tickets.' },
    'too-many-tries': { en: 'Too many promo codes tried. Please wait an hour and try again.', sv: 'För många rabattkoder har provats. Vänta en timme och försök igen.', de: 'Zu viele Rabattcodes versucht. Bitte warten Sie eine Stunde und versuchen Sie es erneut.' },
  };
  return texts[reason];
}
