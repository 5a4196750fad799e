import { cheaperParty, type CheaperParty } from '../../../shared/cheaper-party';
import { kirunaDate } from '../../../shared/company';
import { MAX_GROUP_SIZE } from '../../../shared/taxonomy';
import { categoryForAge, type GuideAnswer, type GuideDeparture, type GuideDesk, type GuideOffer, type GuideTour, type HoldRequest } from './guide-catalogue';
import type { GuideIntent } from './guide-intent';
import { words } from './guide-language';
import type { GuideVoice } from './guide-voice';
import type { GuideSpan, PartyMix } from './guide-when';

/** How far ahead "the next departures" look, and how many the guide names per tour. */
const SOON_DAYS = 14;
const LINES_PER_TOUR = 3;
const MAX_OFFERED = 4;
/** How far past a day with nothing left the guide looks for the next departure to offer instead. */
const NEXT_INSTEAD_DAYS = 3;

const EMAIL = /[^\s@<>,;:()"']+@[^\s@<>,;:()"']+\.[\p{L}]{2,}/u;
/** Words around a name that are no part of it ("yes please, I'm Anna Svensson"). */
const NOT_A_NAME = words(
  '\\d{1,2}', 'yes', 'yeah', 'ok', 'okay', 'please', 'sure', 'hold', 'reserve', 'book', 'them', 'it', 'seats?', 'the', 'for', 'me', 'us', 'thanks?', 'you', 'and', 'email', 'e-mail', 'mail', 'name', 'is', 'my',
  'ja', 'gärna', 'tack', 'håll*', 'boka', 'reservera', 'dem', 'platser', 'plats', 'åt', 'oss', 'mig', 'och', 'namn', 'e-post', 'mejl', 'är', 'mitt', 'min',
  'bitte', 'danke', 'halten', 'reservieren', 'buchen', 'sie', 'plätze', 'platz', 'für', 'uns', 'gern', 'gerne', 'und', 'mein', 'meine', 'ist', 'adresse',
);
const NAME_INTRO = /^(?:my name is|name:|i am|i'm|it's|this is|jag heter|mitt namn är|namn:|ich heiße|ich heisse|mein name ist|ich bin)\s+/iu;
const PERSON = /^\p{L}[\p{L}'’-]*(?:\s+\p{L}[\p{L}'’-]*){0,4}$/u;

/** The name in a reply such as "Yes please: Anna Svensson, anna@example.com"; none when there is none. */
export function nameIn(message: string): string | undefined {
  const segments = message
    .replace(EMAIL, ',')
    .split(/[,.;:!?\n]+|\s+(?:and|och|und)\s+(?=\S+@)/u)
    .map((segment) => segment.trim().replace(NAME_INTRO, '').trim())
    .filter(Boolean);
  for (const segment of segments.reverse()) {
    // "Yes please hold them for Anna Svensson": the words before the name go, however many.
    const parts = segment.split(/\s+/);
    while (parts.length && NOT_A_NAME.test(parts[0].toLowerCase())) parts.shift();
    if (parts.length === 0 || !PERSON.test(parts.join(' ')) || parts.some((part) => NOT_A_NAME.test(part.toLowerCase()))) continue;
    // A name is written as a name: at least one part starts with a capital.
    if (parts.some((part) => /^\p{Lu}/u.test(part))) return parts.join(' ');
  }
  return undefined;
}

export const emailIn = (message: string): string | undefined => EMAIL.exec(message)?.[0].replace(/[.]+$/, '');

/** The oldest a child and a baby on a lap are, for categories found by their age bands rather than their codes. */
const CHILD_UNTIL = 12;
const INFANT_UNTIL = 3;

/**
 * A party with children or babies by the tour's price categories: adults as its default one, a
 * child named by age as the category whose age band holds that age ("a 9 year old": Child (4-12),
 * or on a snowmobile Passenger (6+)), other children and babies as its child and infant categories
 * (by those codes, else by age band). None when someone fits no category (everyone is then held
 * at the default price, as before; a child too young for the tour is turned away before this).
 */
function partyCategories(tour: GuideTour | undefined, mix: PartyMix | undefined): HoldRequest['categories'] {
  if (!tour?.prices?.length || !mix) return undefined;
  const prices = tour.prices;
  const adult = prices.find((price) => price.isDefault) ?? prices[0];
  const others = prices.filter((price) => price !== adult);
  const child = others.find((price) => price.code === 'child') ?? others.find((price) => price.ageMin != null && price.ageMin <= CHILD_UNTIL && (price.ageMax == null || price.ageMax > INFANT_UNTIL));
  const infant = others.find((price) => price.code === 'infant') ?? others.find((price) => price.ageMax != null && price.ageMax <= INFANT_UNTIL);
  const aged = (mix.ages ?? []).map((age) => categoryForAge(prices, age));
  const unaged = mix.children - aged.length;
  if (aged.some((category) => !category) || (unaged > 0 && !child) || (mix.infants > 0 && !infant)) return undefined;
  const counts = new Map<string, number>();
  const add = (code: string | undefined, quantity: number) => code && quantity > 0 && counts.set(code, (counts.get(code) ?? 0) + quantity);
  add(adult.code, mix.adults);
  add(child?.code, unaged);
  add(infant?.code, mix.infants);
  aged.forEach((category) => add(category?.code, 1));
  return prices.filter((price) => counts.has(price.code)).map((price) => ({ category: price.code, quantity: counts.get(price.code)! }));
}

/** The seats a party takes on a tour: by category when it is held by category (a baby on a lap takes none), else one a guest. */
function seatsTaken(tour: GuideTour | undefined, mix: PartyMix | undefined, guests: number): number {
  return seatsOf(tour, partyCategories(tour, mix), guests);
}

function seatsOf(tour: GuideTour | undefined, categories: HoldRequest['categories'], guests: number): number {
  if (!categories) return guests;
  return categories.reduce((sum, { category, quantity }) => sum + quantity * (tour?.prices?.find((price) => price.code === category)?.seatsPerUnit ?? 1), 0);
}

/** "Family ticket", "familjebiljett", "Familienticket": the guest takes the ticket for the whole party the guide pointed out. */
const BUNDLE = words('famil(y|ie|j)\\p{L}*', 'bundle', 'ticket', 'biljett\\p{L}*');

/**
 * The same party for less on the day (a family ticket for two adults and two children, and
 * whoever else at their own price), by the rule the booking page and the staff's phone booking
 * offer it by: the guest chooses it.
 */
function cheaperOnTheDay(tour: GuideTour, departure: Pick<GuideDeparture, 'prices'>, categories: NonNullable<HoldRequest['categories']>): CheaperParty | undefined {
  const rules = (tour.prices ?? []).map((price) => ({ ...price, priceSek: departure.prices[price.code] ?? price.priceSek }));
  return cheaperParty(rules, categories);
}

/** What a party by category pays on a departure, each at their own price: "For 2 Adult (13+) and 1 Child (4-12): 4 740 SEK in all." */
function partyTotal(tour: GuideTour, departure: GuideDeparture, categories: NonNullable<HoldRequest['categories']>, voice: GuideVoice): string | undefined {
  const total = categories.reduce((sum, { category, quantity }) => sum + quantity * (departure.prices[category] ?? Number.NaN), 0);
  if (!Number.isFinite(total)) return undefined;
  const party = voice.list(categories.map(({ category, quantity }) => `${quantity} ${voice.categoryName(tour, category)}`));
  return voice.say('seats.partyTotal', { party, total: voice.sek(total) });
}

/** The price a seat is quoted at ("per adult"): the tour's default category and its word. */
function unitOf(tour: GuideTour): 'adult' | 'driver' | 'guest' {
  const code = tour.prices?.[0]?.code;
  return code === 'adult' || code === 'driver' ? code : 'guest';
}

/**
 * Live seats and holds for the built-in guide: the departures of the tours asked about on the
 * day asked about, read from the site as it is now, and a hold through the booking lifecycle
 * once the guest gives a name and an email.
 */
export class GuideSeats {
  constructor(
    private readonly desk: GuideDesk,
    private readonly holdMinutes: number,
  ) {}

  /** The seats of `tours` on the day asked (or soon); `more`: how many other tours go out then, said before any offer to hold. */
  async seats(asked: GuideTour[], intent: GuideIntent, voice: GuideVoice, now: Date, more = 0): Promise<GuideAnswer> {
    const { say } = voice;
    const party = intent.party;
    if (party !== undefined && party > MAX_GROUP_SIZE) return reply([say('seats.tooMany', { guests: party, contact: voice.contact() })], asked);
    // A child too young for a tour is told so, not offered its seats ("Ice Climbing … is for guests from 14").
    const { childAge } = intent;
    const tooYoung = childAge === undefined ? [] : asked.filter((tour) => tour.minAge && tour.minAge > childAge);
    const tours = asked.filter((tour) => !tooYoung.includes(tour));
    if (tours.length === 0) return { ...reply(tooYoung.map((tour) => voice.ageAnswer(tour, childAge!)), tooYoung), offer: null };
    const span: GuideSpan = intent.span ?? { kind: 'date', from: now, to: new Date(now.getTime() + SOON_DAYS * 86_400_000) };
    const oneDay = intent.span !== undefined && intent.span.kind !== 'weekend' && intent.span.kind !== 'range';
    const spanText = this.spanText(intent.span, voice);

    const parts: string[] = tooYoung.map((tour) => voice.ageAnswer(tour, childAge!));
    const open: { tour: GuideTour; departure: GuideDeparture }[] = [];
    const full: { tour: GuideTour; departure: GuideDeparture }[] = [];
    let any = false;
    for (const tour of tours) {
      let departures = await this.desk.departures(tour.slug, span.from, span.to);
      if (intent.clock && departures.some((departure) => voice.time(departure.startsAt) === intent.clock)) {
        departures = departures.filter((departure) => voice.time(departure.startsAt) === intent.clock);
      }
      if (!intent.span) departures = departures.slice(0, LINES_PER_TOUR);
      // Nothing left on the day asked ("tonight", after tonight's has gone out): the next departure instead, not a dead end.
      let instead = false;
      if (departures.length === 0 && oneDay) {
        departures = (await this.desk.departures(tour.slug, span.to, new Date(span.to.getTime() + NEXT_INSTEAD_DAYS * 86_400_000))).slice(0, 1);
        instead = departures.length > 0;
      }
      if (departures.length === 0) {
        parts.push(say('seats.none', { tour: voice.title(tour), span: spanText }));
        continue;
      }
      any = true;
      const heading = instead
        ? say(kirunaDate(span.from) === kirunaDate(now) ? 'seats.noneLeftNext' : 'seats.noneNext', { tour: voice.title(tour), span: spanText })
        : intent.span
          ? say('seats.on', { tour: voice.title(tour), span: spanText })
          : say('seats.next', { tour: voice.title(tour) });
      const lines = departures.map((departure) => {
        const when = oneDay && !instead ? voice.time(departure.startsAt) : `${voice.date(departure.startsAt)} ${voice.time(departure.startsAt)}`;
        if (departure.seatsLeft === 0) return say('seats.full', { when });
        const line = say('seats.left', { when, seats: departure.seatsLeft, price: voice.sek(departure.priceSek), category: say(`unit.${unitOf(tour)}`) });
        const below = this.belowMinimum(departure, party, voice);
        return below ? `${line} (${below})` : line;
      });
      parts.push([heading, ...lines.map((line) => `• ${line}`)].join('\n'));
      const needed = seatsTaken(tour, intent.mix, party ?? 1);
      open.push(...departures.filter((departure) => departure.seatsLeft >= needed).map((departure) => ({ tour, departure })));
      full.push(...departures.filter((departure) => departure.seatsLeft < needed).map((departure) => ({ tour, departure })));
    }

    if (!any) return reply(parts, tours);
    if (open.length === 0) {
      parts.push(say('seats.noRoom', { guests: party ?? 1, contact: voice.contact() }));
      // The first date that is full for them: its waitlist, where freed seats are offered in turn.
      const [wanted] = full;
      if (!wanted) return { ...reply(parts, tours), offer: null };
      parts.push(say('seats.waitlist'));
      return { ...reply(parts, tours), offer: null, action: { href: voice.path(`/waitlist/?tour=${wanted.tour.slug}&departure=${wanted.departure.id}`), label: say('waitlist.label') } };
    }
    const offered = open.slice(0, MAX_OFFERED);
    const offer: GuideOffer = {
      departures: offered.map(({ tour, departure }) => ({ id: departure.id, tourSlug: tour.slug, startsAt: departure.startsAt })),
      ...(party ? { guests: party, ...(intent.mix && { mix: intent.mix }) } : {}),
    };
    if (more > 0) parts.push(say('seats.more', { count: more }));
    // One departure offered: a party with children or a baby is priced, and linked to, by category.
    const [only] = offered.length === 1 ? offered : [];
    const categories = only && partyCategories(only.tour, intent.mix);
    const total = only && categories?.length ? partyTotal(only.tour, only.departure, categories, voice) : undefined;
    if (total) parts.push(total);
    // Cheaper as one ticket for all of them: said, and held if the guest asks for it.
    const cheaper = only && categories?.length ? cheaperOnTheDay(only.tour, only.departure, categories) : undefined;
    if (only && cheaper) {
      parts.push(say('seats.bundle', { category: voice.categoryName(only.tour, cheaper.bundle.code), total: voice.sek(cheaper.tourAmountSek), saving: voice.sek(cheaper.savingSek) }));
      offer.bundle = cheaper.bundle.code;
      offer.bundleParty = cheaper.party;
    }
    if (party) parts.push(say('hold.ask', { guests: only ? seatsTaken(only.tour, intent.mix, party) : party, minutes: this.holdMinutes }));
    const answer: GuideAnswer = { ...reply(parts, tours), offer };
    if (only) {
      const { tour, departure } = only;
      // The booking page opens with the party as asked: by price category when it has children or a baby.
      const partyQuery = categories?.length ? categories.map(({ category, quantity }) => `&${encodeURIComponent(category)}=${quantity}`).join('') : party ? `&guests=${party}` : '';
      answer.action = { href: voice.path(`/book/${tour.id}/?departure=${departure.id}${partyQuery}`), label: say('book.label') };
    }
    return answer;
  }

  /** The guest answers an offer: collects the party, name and email, then holds. */
  async hold(message: string, intent: GuideIntent, offer: GuideOffer, tours: GuideTour[], voice: GuideVoice, now: Date): Promise<GuideAnswer> {
    const { say } = voice;
    const collected: GuideOffer = {
      ...offer,
      guests: intent.party ?? offer.guests,
      // A party said again ("make it 3 adults") is the party now.
      mix: intent.party !== undefined ? intent.mix : offer.mix,
      name: nameIn(message) ?? offer.name,
      email: emailIn(message) ?? offer.email,
    };
    const chosen = this.choose(collected, intent, tours, voice);
    if (chosen.length !== 1) {
      const titleOf = (slug: string) => {
        const tour = tours.find((item) => item.slug === slug);
        return tour ? voice.title(tour) : '';
      };
      const choices = voice.list(collected.departures.map((departure) => `${titleOf(departure.tourSlug)} ${voice.date(departure.startsAt)} ${voice.time(departure.startsAt)}`));
      return { ...reply([say('hold.askWhich', { choices })]), offer: collected };
    }
    collected.departures = chosen;
    const bySlug = tours.find((tour) => tour.slug === chosen[0].tourSlug);
    if (!collected.guests) return { ...reply([say('hold.askGuests')]), offer: collected };
    if (collected.guests > MAX_GROUP_SIZE) return { ...reply([say('seats.tooMany', { guests: collected.guests, contact: voice.contact() })]), offer: null };
    if (!collected.name) return { ...reply([say('hold.askName')]), offer: collected };
    if (!collected.email) return { ...reply([say('hold.askEmail')]), offer: collected };

    const departure = chosen[0];
    // The cheaper party the guide pointed out, when the guest asks for it (an older offer named only the ticket for all of them).
    const bundle = collected.bundle && BUNDLE.test(message.toLowerCase()) ? (collected.bundleParty ?? [{ category: collected.bundle, quantity: 1 }]) : undefined;
    const categories = bundle ?? partyCategories(bySlug, collected.mix);
    const result = await this.desk.hold({ departureId: departure.id, guests: collected.guests, ...(categories && { categories }), name: collected.name, email: collected.email, lang: voice.lang });
    const tourList = bySlug ? [bySlug] : [];
    if (result.ok) {
      const when = `${voice.date(departure.startsAt)} ${voice.time(departure.startsAt)}`;
      return {
        ...reply([say('hold.done', { guests: seatsOf(bySlug, categories, collected.guests), tour: bySlug ? voice.title(bySlug) : '', when, until: voice.time(result.holdExpiresAt), total: voice.sek(result.totalSek) })], tourList),
        action: { href: voice.path(`/checkout/?booking=${result.reference}`), label: say('hold.label') },
        offer: null,
        held: result.reference,
      };
    }
    if (result.why === 'taken') return { ...reply([say('hold.already')], tourList), offer: null };
    if (result.why === 'seats' && bySlug) {
      const day: GuideIntent = { ...intent, party: collected.guests, clock: undefined, span: { kind: 'date', from: now, to: new Date(new Date(departure.startsAt).getTime() + 86_400_000) } };
      const again = await this.seats([bySlug], day, voice, now);
      return { ...again, reply: say('hold.gone', { alternatives: again.reply }) };
    }
    const reason = result.why === 'limit' ? say('hold.limit') : result.reason;
    // The details were refused: ask for them again rather than keep what failed.
    return { ...reply([say('hold.failed', { reason })], tourList), offer: { ...collected, name: undefined, email: undefined } };
  }

  /** Which offered departure the guest means: the only one, the one at the time named, or of the activity named. */
  private choose(offer: GuideOffer, intent: GuideIntent, tours: GuideTour[], voice: GuideVoice): GuideOffer['departures'] {
    let departures = offer.departures;
    if (departures.length > 1 && intent.clock) {
      const atClock = departures.filter((departure) => voice.time(departure.startsAt) === intent.clock);
      if (atClock.length) departures = atClock;
    }
    if (departures.length > 1 && intent.categories.length) {
      const ofActivity = departures.filter((departure) => intent.categories.every((category) => tours.find((tour) => tour.slug === departure.tourSlug)?.categories.includes(category)));
      if (ofActivity.length) departures = ofActivity;
    }
    if (departures.length > 1 && intent.span) {
      const onDay = departures.filter((departure) => new Date(departure.startsAt) >= intent.span!.from && new Date(departure.startsAt) < intent.span!.to);
      if (onDay.length) departures = onDay;
    }
    return departures;
  }

  /** That the date still needs guests to run, as its tour page says, unless the party asked for brings it there. */
  private belowMinimum(departure: GuideDeparture, party: number | undefined, voice: GuideVoice): string | undefined {
    const minimum = departure.minimum;
    if (!minimum || (party ?? 0) >= minimum.needed) return undefined;
    if (minimum.deciding) return voice.say('seats.minimumDeciding', { count: minimum.needed });
    return voice.say('seats.minimum', { count: minimum.needed, date: `${voice.date(minimum.decidedAt)} ${voice.time(minimum.decidedAt)}` });
  }

  private spanText(span: GuideSpan | undefined, voice: GuideVoice): string {
    if (!span) return voice.say('span.soon');
    if (span.kind === 'today' || span.kind === 'tomorrow' || span.kind === 'weekend') return voice.say(`span.${span.kind}`);
    if (span.kind === 'range') return voice.say('span.range', { from: voice.date(span.from), to: voice.date(new Date(span.to.getTime() - 1)) });
    return voice.say('span.date', { date: voice.date(span.from) });
  }
}

export function reply(parts: string[], tours: GuideTour[] = []): GuideAnswer {
  return {
    reply: parts.join('\n\n'),
    tours: tours.map((tour) => ({ slug: tour.slug, title: tour.title, priceSek: tour.priceSek, durationHours: tour.durationHours })),
  };
}
