/**
 * Why the tour's rules refuse a party (PartyRefused), in each of the site's languages: for the
 * server's answer to a guest (and staff's, in Swedish) and for the booking page, which loads
 * this only when it has a refusal to show, so these words never weigh on its first render.
 */
import type { Lang } from './languages';
import type { PartyRefusalReason, PartyRefused } from './pricing';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function inEnglish(reason: PartyRefusalReason): string {
  switch (reason.code) {
    case 'unknown-category':
      return `This tour has no price category "${reason.category}". It has ${reason.known}.`;
    case 'not-whole':
      return `The number of ${reason.name} must be a whole number.`;
    case 'no-guests':
      return 'Choose at least one guest.';
    case 'too-many-seats':
      return `A booking takes at most ${plural(reason.max, 'seat')}; this party needs ${reason.seats}.`;
    case 'below-min':
      return `${reason.name}: book at least ${reason.min}, or none.`;
    case 'above-max':
      return `${reason.name}: at most ${reason.max} per booking.`;
    case 'needs-adult':
      return `${reason.names.join(' and ')} must be accompanied by an adult.`;
  }
}

function inSwedish(reason: PartyRefusalReason): string {
  switch (reason.code) {
    case 'unknown-category':
      return `Turen har ingen priskategori "${reason.category}". Den har ${reason.known}.`;
    case 'not-whole':
      return `Antalet ${reason.name} måste vara ett heltal.`;
    case 'no-guests':
      return 'Välj minst en gäst.';
    case 'too-many-seats':
      return `En bokning tar högst ${reason.max} platser; sällskapet behöver ${reason.seats}.`;
    case 'below-min':
      return `${reason.name}: boka minst ${reason.min}, eller ingen.`;
    case 'above-max':
      return `${reason.name}: högst ${reason.max} per bokning.`;
    case 'needs-adult':
      return `${reason.names.join(' och ')} måste åka med en vuxen.`;
  }
}

function inGerman(reason: PartyRefusalReason): string {
  switch (reason.code) {
    case 'unknown-category':
      return `Diese Tour hat keine Preiskategorie "${reason.category}". Sie hat ${reason.known}.`;
    case 'not-whole':
      return `Die Anzahl ${reason.name} muss eine ganze Zahl sein.`;
    case 'no-guests':
      return 'Wählen Sie mindestens einen Gast.';
    case 'too-many-seats':
      return `Eine Buchung umfasst höchstens ${reason.max} Plätze; diese Gruppe braucht ${reason.seats}.`;
    case 'below-min':
      return `${reason.name}: mindestens ${reason.min} buchen, oder keine.`;
    case 'above-max':
      return `${reason.name}: höchstens ${reason.max} pro Buchung.`;
    case 'needs-adult':
      return `${reason.names.join(' und ')} ${reason.names.length === 1 ? 'muss' : 'müssen'} von einem Erwachsenen begleitet werden.`;
  }
}

/** The refusal in `lang`. */
export function partyRefusalIn(lang: Lang, reason: PartyRefusalReason): string {
  return lang === 'sv' ? inSwedish(reason) : lang === 'de' ? inGerman(reason) : inEnglish(reason);
}

/** The refusal in each of the site's languages. */
export const partyRefusalTexts = ({ reason }: PartyRefused): Record<Lang, string> => ({ en: inEnglish(reason), sv: inSwedish(reason), de: inGerman(reason) });
