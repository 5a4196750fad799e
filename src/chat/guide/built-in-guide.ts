import MiniSearch from 'minisearch';

import { cancellationPolicyText } from '../../../shared/cancellation-policy';
import { pricesInWords, type GuideAnswer, type GuideCatalogue, type GuideTerms, type GuideTour } from './guide-catalogue';
import { readIntent, type GuideIntent } from './guide-intent';
import { COMPANY, OFFICE_HOURS, formatSek } from '../../../shared/company';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const AURORA_MONTHS = [9, 10, 11, 12, 1, 2, 3, 4];
const MAX_SUGGESTIONS = 3;

export const CONTACT_LINE = `You can reach our team on ${COMPANY.phone} or ${COMPANY.email} (${OFFICE_HOURS}).`;

const FACTS = {
  aurora:
    'The Northern Lights season in Kiruna and Abisko runs from September to April, and the best months are December to March, with long, dark nights. Nobody can promise the lights, but over three nights the chances are high; Abisko\'s "blue hole" often stays clear when the rest of Lapland is cloudy.',
  weather: 'Winter temperatures are usually between -10 and -25 °C; Abisko is often a little milder but windier. Summers are mild, around 10 to 20 °C.',
  wear: 'Dress in layers: merino wool base layers (not cotton), a warm mid-layer, a hat, a buff and gloves. On winter tours we lend windproof overalls, insulated boots and mittens, so you do not need to buy expensive gear.',
  compare:
    'Kiruna (with Aurora River Camp) has the widest choice of activities, the airport, the glass igloos and aurora chases by car to clear skies. Abisko, by Lake Torneträsk, has the clearest skies thanks to its "blue hole", plus the national park, ice climbing and hiking. Many guests split their stay between the two.',
  booking: (terms: GuideTerms) =>
    `Choose a tour and a date on its page and press Book. Your seats are held for ${terms.holdMinutes} minutes while you check out, and you get a confirmation email with your booking reference.`,
  payment: 'Depending on the setup you pay by card online through Stripe, or reserve now and pay your guide on arrival, by card or cash. Prices are per guest in SEK.',
  cancel: (terms: GuideTerms) =>
    `${cancellationPolicyText(terms.cancelFreeHours)} To see, change or cancel your booking, use the personal link in your booking email, or "Find my booking" on our site.`,
  hours: 'Our business hours are Mon-Fri 09:00-18:00, Sat 10:00-16:00 and Sun 10:00-15:00. We reply to messages within 24 hours.',
  groups: 'Every departure takes at most 8 guests. For a larger party we can split you over two departures or arrange a private tour; just contact us.',
};

const sek = (amount: number) => formatSek(amount).replace(/\s/g, ' ');
const hours = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)} ${value === 1 ? 'hour' : 'hours'}`;
const describe = (tour: GuideTour) => `${tour.title} (${sek(tour.priceSek)}, ${hours(tour.durationHours)})`;
const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * The built-in travel guide: intent rules plus full-text search over the live catalogue.
 * It only ever names tours, prices and facts it was given, and says so when it does not know.
 */
export class BuiltInGuide {
  private readonly tourSearch: MiniSearch<GuideTour & { id: string }>;
  private readonly faqSearch: MiniSearch<{ id: number; question: string; answer: string }>;
  private readonly postSearch: MiniSearch<{ id: string; title: string; text: string; excerpt: string }>;

  constructor(private readonly catalogue: GuideCatalogue) {
    this.tourSearch = new MiniSearch({
      fields: ['title', 'shortDescription', 'description', 'categoriesText'],
      storeFields: ['slug'],
      extractField: (document, field) =>
        field === 'categoriesText' ? (document as GuideTour).categories.join(' ') : String((document as unknown as Record<string, unknown>)[field] ?? ''),
      searchOptions: { boost: { title: 3, categoriesText: 2 }, fuzzy: 0.15, prefix: true },
    });
    this.tourSearch.addAll(catalogue.tours.map((tour) => ({ ...tour, id: tour.slug })));
    this.faqSearch = new MiniSearch({ fields: ['question', 'answer'], storeFields: ['answer'], searchOptions: { boost: { question: 2 }, fuzzy: 0.15 } });
    this.faqSearch.addAll(catalogue.faq.map((item, id) => ({ id, ...item })));
    this.postSearch = new MiniSearch({ fields: ['title', 'text'], storeFields: ['title', 'excerpt'], searchOptions: { boost: { title: 2 }, fuzzy: 0.15 } });
    this.postSearch.addAll(catalogue.posts.map((post) => ({ id: post.slug, title: post.title, text: post.text, excerpt: post.excerpt })));
  }

  answer(message: string): GuideAnswer {
    const intent = readIntent(message);
    const { topics } = intent;
    if (topics.has('injection')) {
      return this.reply([`I'm Norrsken's travel guide, and I stick to helping you plan tours in Kiruna and Abisko. What would you like to experience?`]);
    }
    if (topics.has('private-data')) {
      return this.reply([`I can't share account, booking or personal details in this chat. ${CONTACT_LINE}`]);
    }

    const parts: string[] = [];
    if (topics.has('aurora-facts') || (intent.month && intent.categories.includes('Northern Lights'))) parts.push(this.auroraAnswer(intent));
    if (topics.has('weather')) parts.push(FACTS.weather);
    if (topics.has('wear')) parts.push(FACTS.wear);
    if (topics.has('compare')) parts.push(FACTS.compare);
    if (topics.has('stays')) parts.push(this.staysAnswer());
    if (topics.has('booking')) parts.push(FACTS.booking(this.catalogue.terms));
    if (topics.has('payment')) parts.push(FACTS.payment);
    if (topics.has('cancel')) parts.push(FACTS.cancel(this.catalogue.terms));
    if (topics.has('hours')) parts.push(FACTS.hours);
    if (topics.has('group-size')) parts.push(FACTS.groups);
    if (topics.has('contact')) parts.push(CONTACT_LINE);

    // "How do I…" and tips: a matching post from our guides helps most.
    if (/\bhow (do|can|to|should)\b|\btips?\b|\badvice\b/i.test(message)) {
      const post = this.postSearch.search(message)[0];
      if (post && post.score > 8) parts.push(this.postPointer(post));
    }

    let tours: GuideTour[] = [];
    const constrained = intent.categories.length > 0 || intent.location || intent.maxPriceSek || intent.cheapest || intent.maxHours || intent.minHours || intent.timeOfDay || intent.month;
    if (constrained || topics.has('aurora-facts') || topics.has('compare')) {
      const found = this.recommend(intent, message);
      tours = found.tours;
      if (found.text) parts.push(found.text);
    } else if (topics.has('recommend')) {
      parts.push(
        'Happy to help you choose! Are you coming in winter (Northern Lights, huskies, snowmobiles, reindeer) or in summer (hiking and the midnight sun), and will you be based in Kiruna or Abisko?',
      );
    }

    if (parts.length === 0) {
      if (topics.has('greeting')) return this.reply(["Hej and welcome! I can help you find a tour, check the Northern Lights season, or explain what to wear. What are you planning?"]);
      if (topics.has('thanks')) return this.reply(['You are welcome! Have a wonderful trip to Lapland.']);
      // A tour named in other words (the Icehotel, Lapporten): the search finds it.
      const named = this.tourSearch.search(message, { fuzzy: 0.1, prefix: false })[0];
      if (named && named.score > 6) {
        const tour = this.catalogue.tours.find((item) => item.slug === named.slug)!;
        const prices = tour.prices && tour.prices.length > 1 ? [`Prices: ${pricesInWords(tour, sek)}.`] : [];
        return this.reply([`You might like ${describe(tour)}: ${tour.shortDescription}`, ...prices], [tour]);
      }
      const faq = this.faqSearch.search(message)[0];
      if (faq && faq.score > 8) return this.reply([String(faq.answer)]);
      const post = this.postSearch.search(message)[0];
      if (post && post.score > 8) return this.reply([this.postPointer(post)]);
      return { ...this.reply([`I'm not sure about that, and I'd rather not guess. ${CONTACT_LINE}`]), unanswered: true };
    }
    return this.reply(parts, tours);
  }

  /** Tours that meet every constraint, best text match first; honest about near misses. */
  private recommend(intent: GuideIntent, message: string): { tours: GuideTour[]; text?: string } {
    const wanted = intent.categories.filter((category) => category !== 'Family Friendly' || intent.family);
    const fits = (tour: GuideTour, relax: { price?: boolean; month?: boolean } = {}) =>
      (!intent.location || tour.locations.includes(intent.location)) &&
      wanted.every((category) => tour.categories.includes(category)) &&
      (relax.price || !intent.maxPriceSek || tour.priceSek <= intent.maxPriceSek) &&
      (!intent.maxHours || tour.durationHours <= intent.maxHours) &&
      (!intent.minHours || tour.durationHours >= intent.minHours) &&
      (!intent.timeOfDay || tour.timeOfDay === intent.timeOfDay || (intent.timeOfDay === 'night' && tour.timeOfDay === 'evening')) &&
      (relax.month || !intent.month || tour.seasonMonths.includes(intent.month));

    const ranked = this.rank(message);
    const order = (tours: GuideTour[]) =>
      intent.cheapest || intent.maxPriceSek
        ? [...tours].sort((a, b) => a.priceSek - b.priceSek)
        : [...tours].sort((a, b) => (ranked.get(b.slug) ?? 0) - (ranked.get(a.slug) ?? 0));

    const matches = order(this.catalogue.tours.filter((tour) => fits(tour))).slice(0, MAX_SUGGESTIONS);
    if (matches.length > 0) {
      return { tours: matches, text: `${matches.length === 1 ? 'This tour fits' : 'These tours fit'}: ${list(matches.map(describe))}.` };
    }
    if (intent.month && wanted.includes('Northern Lights') && !AURORA_MONTHS.includes(intent.month)) {
      const summer = order(this.catalogue.tours.filter((tour) => tour.seasonMonths.includes(intent.month!) && (!intent.location || tour.locations.includes(intent.location)))).slice(0, MAX_SUGGESTIONS);
      return { tours: summer, text: summer.length ? `In ${MONTH_NAMES[intent.month - 1]} you could instead enjoy ${list(summer.map(describe))}.` : undefined };
    }
    const overBudget = intent.maxPriceSek ? order(this.catalogue.tours.filter((tour) => fits(tour, { price: true }))).slice(0, MAX_SUGGESTIONS) : [];
    if (overBudget.length > 0) {
      return { tours: overBudget, text: `I found nothing under ${sek(intent.maxPriceSek!)} for that, but the closest are ${list(overBudget.map(describe))}.` };
    }
    const otherMonths = intent.month ? order(this.catalogue.tours.filter((tour) => fits(tour, { month: true }))).slice(0, MAX_SUGGESTIONS) : [];
    if (otherMonths.length > 0) {
      return {
        tours: otherMonths,
        text: `None of those runs in ${MONTH_NAMES[intent.month! - 1]}; ${list(otherMonths.map((tour) => `${tour.title} runs in ${this.season(tour)}`))}.`,
      };
    }
    return { tours: [], text: `I couldn't find a tour that matches all of that. ${CONTACT_LINE} Our team is glad to suggest something close.` };
  }

  private auroraAnswer(intent: GuideIntent): string {
    if (!intent.month) return FACTS.aurora;
    const name = MONTH_NAMES[intent.month - 1];
    if (!AURORA_MONTHS.includes(intent.month)) {
      return `In ${name} the nights are too light to see the Northern Lights: the season runs from September to April, best December to March.`;
    }
    const peak = [12, 1, 2, 3].includes(intent.month);
    return `Yes, ${name} is in the Northern Lights season (September to April)${peak ? ' and one of the best months, with long, dark nights' : ''}. Clear skies matter most, so give yourself a few evenings.`;
  }

  private staysAnswer(): string {
    const stays = this.catalogue.stays.map((stay) => `${stay.name} (${sek(stay.priceSek)} per room, up to ${stay.maxGuests} guests)`);
    return `You can add a night's stay when you book a tour: ${list(stays)}. The glass igloo lets you watch for the aurora from a warm bed under a glass roof.`;
  }

  private postPointer(post: { id: string; title?: unknown; excerpt?: unknown }): string {
    return `Our guides wrote about this in "${String(post.title)}": ${String(post.excerpt)} Read it on our blog: /blog/${post.id}/`;
  }

  private season(tour: GuideTour): string {
    const months = tour.seasonMonths.map((month) => MONTH_NAMES[month - 1]);
    return months.length >= 12 ? 'all year' : `${months[0]} to ${months.at(-1)}`;
  }

  private rank(message: string): Map<string, number> {
    return new Map(this.tourSearch.search(message).map((result) => [String(result.slug), result.score]));
  }

  private reply(parts: string[], tours: GuideTour[] = []): GuideAnswer {
    return {
      reply: parts.join('\n\n'),
      tours: tours.map((tour) => ({ slug: tour.slug, title: tour.title, priceSek: tour.priceSek, durationHours: tour.durationHours })),
    };
  }
}
