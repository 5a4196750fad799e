import { TZDate } from '@date-fns/tz';
import MiniSearch from 'minisearch';

import { COMPANY, kirunaDate } from '../../../shared/company';
import type { Lang } from '../../../shared/languages';
import { MAX_GROUP_SIZE } from '../../../shared/taxonomy';
import { auroraPlaceOf, skyPlaceOf, SKY_PLACE_NAMES, SKY_PLACES, type SkyPlace } from '../../sky/sky-places';
import { skyAttribution, skyHeadline, skyNote } from '../../sky/sky-words';
import type { GuideAnswer, GuideCatalogue, GuideContext, GuideDesk, GuideFaq, GuideSky, GuideTour } from './guide-catalogue';
import { DIET, readIntent, type GuideIntent } from './guide-intent';
import { questionLanguage, words } from './guide-language';
import { emailIn, GuideSeats, nameIn, reply } from './guide-seats';
import { voiceOf, type GuideVoice } from './guide-voice';
import { clock } from '../../common/clock';

const AURORA_MONTHS = [9, 10, 11, 12, 1, 2, 3, 4];
const PEAK_MONTHS = [12, 1, 2, 3];
const MAX_SUGGESTIONS = 3;
/** How far ahead a tour's next departures are looked for (as the guide's seats do). */
const SOON_DAYS = 14;
/** Longer than this is a long day for a child. */
const LONG_FOR_CHILDREN_HOURS = 6;
/** The oldest a child is (the price categories' "Child (4-12)"). */
const CHILD_UNTIL = 12;

/** "The dog sledding tours": several tours asked about, not one. */
const SEVERAL_TOURS = words('tours', 'trips', 'turer', 'turerna', 'touren', 'ausflüge');
/** "How do I…", tips and advice: a post from our guides helps most. */
const HOW_TO = words('how (do|can|to|should)', 'tips?', 'advice', 'hur (gör|kan|ska|bör)', 'råd', 'wie (kann|mache|soll|fotografiere)', 'tipps?', 'rat');

/** Words in many titles or questions, in any of our languages, which name no one tour (nor do numbers: "två vuxna" is no "två timmar"). */
const TITLE_NOISE = words(
  'northern', 'lights?', 'aurora', 'tours?', 'kiruna', 'abisko', 'in', 'from', 'the', 'and', 'with', 'for', 'to', 'a', 'an', 'of', 'on', 'at', 'under', 'above', 'day', 'evening', 'night', 'hours?', 'winter', 'summer', 'room', 'seats?', 'is', 'there', 'any', 'does', 'have', 'you', 'can', 'me', 'my', 'your',
  // Every tour has a guide: "do the guides speak German?" names none of them.
  'guides?', 'guiden?', 'guider(na)?', 'speak', 'talar', 'sprechen',
  'one', 'two', 'three', 'four', 'five',
  'tur', 'turen', 'och', 'med', 'från', 'på', 'i', 'för', 'till', 'ditt', 'din', 'eget', 'kan', 'du', 'ni', 'jag', 'mig', 'har', 'en', 'ett', 'det', 'är', 'två', 'tre', 'fyra', 'fem', 'timmar',
  'tour', 'und', 'mit', 'ab', 'im', 'am', 'der', 'die', 'das', 'für', 'sie', 'ihr', 'ihre', 'eigenes', 'können', 'kann', 'mir', 'ich', 'wir', 'ein', 'eine', 'es', 'ist', 'gibt', 'zwei', 'drei', 'vier', 'fünf', 'stunden',
);
/** The words of any question ("what happens if…"): an FAQ entry that matches only these does not answer it. */
const QUESTION_WORDS = words(
  'what', 'happens?', 'if', 'when', 'how', 'why', 'where', 'who', 'which', 'do', 'did', 'i', 'we', 'am', 'are', 'was', 'were', 'will', 'would', 'should', 'could', 'be', 'it', 'not',
  'vad', 'händer', 'om', 'när', 'hur', 'varför', 'var', 'vem', 'vilken', 'vilket', 'vi', 'inte', 'blir', 'ska',
  'was', 'passiert', 'wenn', 'wann', 'wie', 'warum', 'wo', 'wer', 'welche', 'nicht', 'wird', 'sind', 'bin',
);

/** A search term, or nothing for a word that names no tour (or a number). */
const dropNoise = (term: string): string | null => {
  const lower = term.toLowerCase();
  return TITLE_NOISE.test(lower) || /^\d+$/.test(lower) ? null : lower;
};

/** What one question brings: the guest's words, the page's language, the clock, and where the conversation stands. */
export interface GuideQuestion {
  pageLang?: Lang;
  now?: Date;
  context?: GuideContext;
  /** The live site (seats and holds); without it the guide answers from the catalogue alone. */
  desk?: GuideDesk;
  /** The evening outlooks; without them the guide says what it knows of the lights in general. */
  sky?: GuideSky;
}

/** The month (1-12) an instant falls in, in Kiruna. */
const kirunaMonth = (instant: Date): number => new TZDate(instant.getTime(), COMPANY.timeZone).getMonth() + 1;

/** A tour children come on: made for families, with a child's price, or from an age a child can be (the snowmobile's passengers from 6). */
const takesChildren = (tour: GuideTour) => tour.categories.includes('Family Friendly') || (tour.prices ?? []).some((price) => price.code === 'child') || (tour.minAge !== null && tour.minAge <= CHILD_UNTIL);

/**
 * The built-in travel guide: intent rules plus full-text search over the live catalogue, in
 * the language the guest writes (English, Swedish or German). It only ever names tours, prices,
 * seats and facts it was given, and says so when it does not know.
 */
export class BuiltInGuide {
  private readonly tourSearch: MiniSearch<GuideTour>;
  private readonly faqSearch = new Map<Lang, MiniSearch<{ id: number; question: string; answer: string }>>();
  private readonly postSearch: MiniSearch<{ id: string; title: string; text: string; excerpt: string }>;

  constructor(private readonly catalogue: GuideCatalogue) {
    this.tourSearch = new MiniSearch({
      idField: 'slug',
      fields: ['title', 'otherTitles', 'shortDescription', 'description', 'categoriesText', 'otherWords'],
      storeFields: ['slug'],
      extractField: (document, field) => {
        const tour = document as GuideTour;
        if (field === 'categoriesText') return tour.categories.join(' ');
        if (field === 'otherTitles') return Object.values(tour.inLanguages ?? {}).map((words) => words.title).join(' ');
        return String((document as unknown as Record<string, unknown>)[field] ?? '');
      },
      searchOptions: { boost: { title: 3, otherTitles: 3, categoriesText: 2, otherWords: 1 }, fuzzy: 0.15, prefix: true },
    });
    this.tourSearch.addAll(catalogue.tours);
    const faqs: [Lang, GuideFaq[]][] = [['en', catalogue.faq], ...(Object.entries(catalogue.faqIn ?? {}) as [Lang, GuideFaq[]][])];
    for (const [lang, faq] of faqs) {
      const search = new MiniSearch<{ id: number; question: string; answer: string }>({ fields: ['question', 'answer'], storeFields: ['answer'], searchOptions: { boost: { question: 2 }, fuzzy: 0.15 } });
      search.addAll(faq.map((item, id) => ({ id, ...item })));
      this.faqSearch.set(lang, search);
    }
    this.postSearch = new MiniSearch({ fields: ['title', 'text'], storeFields: ['title', 'excerpt'], searchOptions: { boost: { title: 2 }, fuzzy: 0.15 } });
    this.postSearch.addAll(catalogue.posts.map((post) => ({ id: post.slug, title: post.title, text: post.text, excerpt: post.excerpt })));
  }

  async answer(message: string, question: GuideQuestion = {}): Promise<GuideAnswer> {
    const now = question.now ?? clock.now();
    const lang = questionLanguage(message, question.pageLang ?? 'en');
    const voice = voiceOf(lang);
    const answer = await this.compose(message, readIntent(message, now), voice, question.context ?? { lastTours: [] }, question.desk, now, question.sky);
    // The tour cards carry the titles the guest reads.
    const titled = answer.tours.map((card) => {
      const tour = this.catalogue.tours.find((item) => item.slug === card.slug);
      return tour ? { ...card, title: voice.title(tour) } : card;
    });
    return { ...answer, tours: titled, lang };
  }

  private async compose(message: string, intent: GuideIntent, voice: GuideVoice, context: GuideContext, desk: GuideDesk | undefined, now: Date, sky?: GuideSky): Promise<GuideAnswer> {
    const { say } = voice;
    const { topics } = intent;
    if (topics.has('injection')) return reply([say('injection')]);
    if (topics.has('private-data')) return reply([say('privateData', { contact: voice.contact() })]);

    if (desk) {
      const seats = new GuideSeats(desk, this.catalogue.terms.holdMinutes);
      const offer = context.offer;
      const answering = offer && (topics.has('hold') || emailIn(message) !== undefined || ((offer.name || offer.email || offer.guests) && this.onlyDetails(message, intent)));
      if (offer && answering) return seats.hold(message, intent, offer, this.catalogue.tours, voice, now);
      // The same answer again (sent twice, or after the hold): the seats it asked for are held already, not asked for anew.
      if (!offer && context.held && (topics.has('hold') || emailIn(message) !== undefined) && !intent.span && !intent.party) return reply([say('hold.already')]);
      if (topics.has('seats') || (topics.has('hold') && (intent.span || intent.party))) {
        const tours = this.toursAsked(intent, message, context);
        // Dog sledding on a Saturday in November: those tours, and when they run, not another tour's seats.
        const month = intent.span && kirunaMonth(intent.span.from);
        if (month && tours.length > 0 && tours.every((tour) => !tour.seasonMonths.includes(month))) {
          return reply([say('seats.offSeason', { count: tours.length, month: voice.month(month), tours: voice.list(tours.map((tour) => this.runsIn(tour, voice))) })], tours);
        }
        if (tours.length > 0) return seats.seats(tours, intent, voice, now);
        // "What runs tomorrow?": the tours that go out then, in the catalogue's order.
        if (intent.span) {
          const running = await this.toursRunning(desk, intent.span);
          if (running.length > 0) {
            return seats.seats(running.slice(0, MAX_SUGGESTIONS), intent, voice, now, running.length - MAX_SUGGESTIONS);
          }
        }
        if (intent.span || intent.party) return reply([say('seats.askTour')]);
      }
      // "What time does the car chase start?": its next departures and their seats, or when it runs when that is months away.
      const timed = topics.has('times') && !intent.span && !topics.has('aurora-facts') ? this.oneTourAsked(intent, message, context) : undefined;
      if (timed) {
        const soon = [now, new Date(now.getTime() + SOON_DAYS * 86_400_000)].some((day) => timed.seasonMonths.includes(kirunaMonth(day)));
        return soon ? seats.seats([timed], intent, voice, now) : reply([`${this.runsIn(timed, voice)}.`], [timed]);
      }
    }

    const parts: string[] = [];
    // "What are the chances tonight?": the outlook for that evening, where the tours go out.
    const asksTheSky = sky && (topics.has('sky') || ((topics.has('aurora-facts') || intent.categories.includes('Northern Lights')) && intent.span && intent.span.kind !== 'weekend' && intent.span.kind !== 'range'));
    if (asksTheSky) parts.push(await this.skyAnswer(intent, voice, context, sky, now));
    const onlyAurora = intent.categories.length === 1 && intent.categories[0] === 'Northern Lights' && !intent.location && !intent.month && !intent.family;
    if (topics.has('guarantee') && (onlyAurora || intent.categories.length === 0)) parts.push(say('fact.guarantee'));
    else if (!asksTheSky && (topics.has('aurora-facts') || (intent.month && intent.categories.includes('Northern Lights')))) parts.push(this.auroraAnswer(intent, voice));
    if (topics.has('weather')) parts.push(say('fact.weather'));
    if (topics.has('wear')) parts.push(say('fact.wear'));
    if (topics.has('compare')) parts.push(say('fact.compare'));
    // "Do you pick us up at the hotel?" asks about pickup, not about staying with us.
    const pickupTour = topics.has('pickup') ? this.oneTourAsked(intent, message, context) : undefined;
    // "What's included in the car chase?": its list, in the guest's language.
    const includedTours = topics.has('included') ? this.toursMeant(intent, message, context).filter((tour) => tour.included.length > 0) : [];
    if (topics.has('included')) {
      parts.push(...(includedTours.length ? includedTours.map((tour) => say('included.tour', { tour: voice.title(tour), items: voice.included(tour).join('; ') })) : [say('included.general')]));
    }
    // "Do you have vegetarian food on the Sami evening?": where its booking asks about diets, and what its meal is.
    const dietTours = topics.has('diet') ? this.toursMeant(intent, message, context) : [];
    if (topics.has('diet')) parts.push(...this.dietAnswer(dietTours, includedTours, voice));
    // "What is the minimum number of participants?": the tour's, or which tours have one; and what happens when a date does not run.
    const minimumTours = topics.has('minimum') ? this.toursMeant(intent, message, context) : [];
    if (topics.has('minimum')) parts.push(this.minimumAnswer(minimumTours, voice));
    // "How much is the reindeer sledding tour?": that tour's prices, every category, rather than the tours of its activity.
    // ("What is included in the price?" asks what is included.)
    const asksOnePrice = topics.has('price') && !topics.has('included') && !intent.cheapest && !intent.maxPriceSek && !intent.month && !SEVERAL_TOURS.test(message.toLowerCase());
    const pricedTour = asksOnePrice ? this.oneTourAsked(intent, message, context) : undefined;
    if (pricedTour) parts.push(voice.priceAnswer(pricedTour));
    // "Is the car chase suitable for a 2 year old?": that tour, yes or too young (then the tours that do take the child, below).
    const agedTour = intent.childAge !== undefined && !pricedTour ? (this.tourNamed(message) ?? this.tourOfConversation(intent, context)) : undefined;
    if (agedTour) parts.push(voice.ageAnswer(agedTour, intent.childAge!));
    const childFits = agedTour && !(agedTour.minAge && agedTour.minAge > intent.childAge!) ? agedTour : undefined;
    // "Tell me about the car chase": that tour, not the car tours; "How long is it?": the tours talked about, each with its hours.
    const aboutTour = topics.has('about') && !pricedTour && !agedTour ? this.oneTourAsked(intent, message, context) : undefined;
    if (aboutTour) parts.push(this.aboutAnswer(aboutTour, voice));
    const durationTours = topics.has('duration') && !aboutTour ? this.toursMeantOrTalkedAbout(intent, message, context) : [];
    if (topics.has('duration') && !aboutTour) parts.push(this.durationAnswer(durationTours, voice));
    // "Do I need a driving licence for the snowmobile?": whom its tours take, by price category ("Driver (18+, driving licence)").
    const licenceTours = topics.has('licence') ? this.toursDriven(intent, message, context) : [];
    for (const tour of licenceTours) parts.push(say('licence.tour', { tour: voice.title(tour), categories: voice.list((tour.prices ?? []).map((price) => voice.categoryName(tour, price.code))) }));
    if (topics.has('pickup')) {
      const places = pickupTour && voice.pickupPlaces(pickupTour);
      const where = pickupTour && { tour: voice.title(pickupTour), places: voice.list(places ?? []), meetingPoint: voice.meetingPoint(pickupTour) };
      parts.push(!where ? say('pickup.general') : places?.length ? say('pickup.tour', where) : say('pickup.meetOnly', where));
    }
    if (topics.has('stays') && !topics.has('pickup')) parts.push(this.staysAnswer(voice));
    // "How do I get to Abisko?": the FAQ's answer (staff keep it), not the tours that go from there.
    const travel = topics.has('travel') ? this.faqAnswer(message, voice) : undefined;
    if (travel) parts.push(travel);
    // "Can I change my booking?" asks about changing it (below), not how to book.
    if ((topics.has('booking') && !topics.has('cancel')) || (topics.has('seats') && !desk)) parts.push(say('fact.booking', { minutes: this.catalogue.terms.holdMinutes }));
    if (topics.has('payment')) parts.push(say(this.catalogue.terms.checkout ? `fact.payment.${this.catalogue.terms.checkout}` : 'fact.payment'));
    if (topics.has('cancel')) parts.push(`${voice.policy(this.catalogue.terms.cancelFreeHours)} ${say('fact.cancel')}`);
    if (topics.has('hours')) parts.push(say('fact.hours', { hours: voice.officeHours() }));
    if (topics.has('group-size')) parts.push(say('fact.groups'));
    // "Can I come in a wheelchair?": an honest answer from staff, never a tour the search happens to find.
    if (topics.has('access')) parts.push(say('fact.access', { contact: voice.contact() }));
    // "Can I bring my dog?": the same honest "ask us", not the dog sledding tours.
    if (topics.has('pets')) parts.push(say('fact.pets', { contact: voice.contact() }));
    if (topics.has('contact')) parts.push(voice.contact());

    if (HOW_TO.test(message.toLowerCase())) {
      const post = this.postSearch.search(message)[0];
      if (post && post.score > 8) parts.push(this.postPointer(post, voice));
    }

    if (intent.elsewhere && parts.length === 0) return reply([say('noSuchTour', { contact: voice.contact() })]);

    let tours: GuideTour[] = [];
    const guaranteeOnly = topics.has('guarantee') && onlyAurora;
    const constrained =
      (intent.categories.length > 0 && !guaranteeOnly) || intent.place || intent.family || intent.location || intent.maxPriceSek || intent.cheapest || intent.maxHours || intent.minHours || intent.timeOfDay || intent.month;
    const detailTours = [aboutTour, ...includedTours, ...licenceTours, ...dietTours, ...minimumTours, ...durationTours].filter((tour): tour is GuideTour => tour !== undefined);
    if (pickupTour || pricedTour || childFits || detailTours.length) {
      tours = [...new Set([pickupTour, pricedTour, childFits, ...detailTours].filter((tour): tour is GuideTour => tour !== undefined))];
    } else if (travel) {
      // Answered: the places named were where to travel, not tours wanted.
    } else if (topics.has('access')) {
      // Answered with "ask us": a list of the tours asked about would read as a yes.
    } else if (constrained || (topics.has('aurora-facts') && !topics.has('guarantee')) || topics.has('compare')) {
      // "Which one is best for kids?" after three dog sledding tours: one of those.
      const ofThose = topics.has('refers') && !intent.categories.length && !intent.location && !intent.place && context.lastTours.length > 1 ? this.toursMeantOrTalkedAbout(intent, message, context) : undefined;
      const found = this.recommend(intent, message, voice, now, ofThose);
      tours = found.tours;
      // Said already when the only tour found is the one named, for older children ("Ice climbing … is for guests from 14").
      const saidAlready = agedTour && found.tours.length === 1 && found.tours[0] === agedTour;
      if (found.text && !saidAlready) parts.push(found.text);
    } else if (topics.has('recommend') && !guaranteeOnly) {
      parts.push(say('recommend'));
    }

    if (parts.length === 0) {
      if (topics.has('greeting')) return reply([say('greeting')]);
      // "We are 10, is that possible?": more than a departure takes.
      if (intent.party !== undefined && intent.party > MAX_GROUP_SIZE) return reply([say('seats.tooMany', { guests: intent.party, contact: voice.contact() })]);
      // "What does it cost?" with no tour in mind: the range, and which tour.
      if (asksOnePrice) return reply([say('price.askTour', { from: voice.sek(Math.min(...this.catalogue.tours.map((tour) => tour.priceSek))), to: voice.sek(Math.max(...this.catalogue.tours.map((tour) => tour.priceSek))) })]);
      // "Yes please, hold them for Anna" with nothing offered: which tour and day (not "you are welcome", nor an FAQ entry that happens to say "yes").
      if (topics.has('hold') && desk) return reply([say('hold.nothing')]);
      if (topics.has('thanks')) return reply([say('thanks')]);
      // A tour named in other words (the Icehotel, Lapporten): the search finds it, far ahead of the
      // rest (a word many tours share, "Englisch" or "machen", names none of them).
      const [named, runnerUp] = this.tourSearch.search(message, { fuzzy: 0.1, prefix: false, processTerm: dropNoise });
      if (named && named.score > 6 && (!runnerUp || named.score >= 2 * runnerUp.score)) {
        const tour = this.catalogue.tours.find((item) => item.slug === named.slug)!;
        const prices = tour.prices && tour.prices.length > 1 ? [say('prices', { prices: voice.prices(tour) })] : [];
        return reply([say('youMightLike', { tour: voice.describe(tour), description: voice.shortDescription(tour) }), ...prices], [tour]);
      }
      // Words that name nothing ("are there … on the tour") find no answer: "toilets" found the Kiruna-or-Abisko entry.
      const faq = this.faqAnswer(message, voice);
      if (faq) return reply([faq]);
      const post = this.postSearch.search(message, { processTerm: dropNoise })[0];
      if (post && post.score > 8) return reply([this.postPointer(post, voice)]);
      return { ...reply([say('unanswered', { contact: voice.contact() })]), unanswered: true };
    }
    return reply(parts, tours);
  }

  /** The FAQ entry that answers the message, in the guest's language, if one does clearly. */
  private faqAnswer(message: string, voice: GuideVoice): string | undefined {
    const found = (this.faqSearch.get(voice.lang) ?? this.faqSearch.get('en'))!.search(message, { processTerm: dropNoise })[0];
    // "What happens if I am late?" is not "What happens if we do not see the aurora?".
    return found && found.score > 8 && found.queryTerms.some((term) => !QUESTION_WORDS.test(term)) ? String(found.answer) : undefined;
  }

  /** The tours with a departure in the span (those in season then, asked all at once). */
  private async toursRunning(desk: GuideDesk, span: { from: Date; to: Date }): Promise<GuideTour[]> {
    const inSeason = this.catalogue.tours.filter((tour) => tour.seasonMonths.includes(kirunaMonth(span.from)));
    const going = await Promise.all(inSeason.map(async (tour) => (await desk.departures(tour.slug, span.from, span.to)).length > 0));
    return inSeason.filter((_tour, index) => going[index]);
  }

  /** The tours a question about one of their details means (what is included, diets): the one named or talked about, or those of the activity asked. */
  private toursMeant(intent: GuideIntent, message: string, context: GuideContext): GuideTour[] {
    const one = this.oneTourAsked(intent, message, context);
    return one ? [one] : intent.categories.length || intent.location || intent.place ? this.toursAsked(intent, message, { lastTours: [] }) : [];
  }

  /** The one tour the conversation was about, when the question names no tour and no activity ("Is it OK for a 6 year old?"). */
  private tourOfConversation(intent: GuideIntent, context: GuideContext): GuideTour | undefined {
    if (intent.categories.length || intent.location || intent.place || context.lastTours.length !== 1) return undefined;
    return this.catalogue.tours.find((tour) => tour.slug === context.lastTours[0]);
  }

  /** The tours meant (`toursMeant`), else every tour the conversation was about. */
  private toursMeantOrTalkedAbout(intent: GuideIntent, message: string, context: GuideContext): GuideTour[] {
    const meant = this.toursMeant(intent, message, context);
    if (meant.length) return meant;
    return context.lastTours.flatMap((slug) => this.catalogue.tours.filter((tour) => tour.slug === slug)).slice(0, MAX_SUGGESTIONS);
  }

  /** One tour in a few lines: what it is, its prices, from what age, and when it runs. */
  private aboutAnswer(tour: GuideTour, voice: GuideVoice): string {
    const prices = tour.prices && tour.prices.length > 1 ? [voice.say('prices', { prices: voice.prices(tour) })] : [];
    const minAge = tour.minAge ? [voice.say('price.minAge', { age: tour.minAge })] : [];
    return [voice.say('about.tour', { tour: voice.describe(tour), description: voice.shortDescription(tour) }), ...prices, ...minAge, `${this.runsIn(tour, voice)}.`].join(' ');
  }

  /** How long each tour asked takes; with none, the range, and which tour. */
  private durationAnswer(tours: GuideTour[], voice: GuideVoice): string {
    if (tours.length === 0) {
      const hours = this.catalogue.tours.map((tour) => tour.durationHours);
      return voice.say('duration.askTour', { from: voice.hours(Math.min(...hours)), to: voice.hours(Math.max(...hours)) });
    }
    return tours.map((tour) => voice.say('duration.tour', { tour: voice.title(tour), hours: voice.hours(tour.durationHours) })).join(' ');
  }

  /** The minimum a tour runs with (or that it has none), or which tours have one; then what happens if a date does not run. */
  private minimumAnswer(tours: GuideTour[], voice: GuideVoice): string {
    const { say } = voice;
    if (tours.length === 0) {
      const withMinimum = this.catalogue.tours.filter((tour) => tour.minimum);
      if (withMinimum.length === 0) return say('minimum.noneAtAll');
      return [say('minimum.general', { tours: voice.list(withMinimum.map((tour) => say('minimum.item', { tour: voice.title(tour), count: tour.minimum!.guests }))) }), say('minimum.ifNot')].join(' ');
    }
    const lines = tours.map((tour) =>
      tour.minimum ? say('minimum.tour', { tour: voice.title(tour), count: tour.minimum.guests, hours: tour.minimum.decisionHours }) : say('minimum.none', { tour: voice.title(tour) }),
    );
    return [...lines, ...(tours.some((tour) => tour.minimum) ? [say('minimum.ifNot')] : [])].join(' ');
  }

  /**
   * Diets on the tours asked: where a booking asks about them ("the booking asks for “Dietary
   * needs”"), else to tell us; for one tour, what its meal is too (unless said already). With no
   * tour asked, the tours whose booking asks.
   */
  private dietAnswer(tours: GuideTour[], saidIncluded: GuideTour[], voice: GuideVoice): string[] {
    const dietQuestion = (tour: GuideTour) => tour.questions?.find((question) => DIET.test(question.label.toLowerCase()));
    if (tours.length === 0) {
      const asking = this.catalogue.tours.filter((tour) => dietQuestion(tour));
      return [asking.length ? voice.say('diet.general', { tours: voice.list(asking.map((tour) => voice.title(tour))) }) : voice.say('diet.ask', { contact: voice.contact() })];
    }
    return tours.flatMap((tour) => {
      const question = dietQuestion(tour);
      const meal = tours.length === 1 && !saidIncluded.includes(tour) && tour.included.length ? [voice.say('included.tour', { tour: voice.title(tour), items: voice.included(tour).join('; ') })] : [];
      return question
        ? [voice.say('diet.tour', { tour: voice.title(tour), question: voice.questionLabel(tour, question) }), ...meal]
        : [...meal, voice.say('diet.tourAsk', { tour: voice.title(tour), contact: voice.contact() })];
    });
  }

  /** The tours a question about a licence means, with more than one price category: those asked, else the snowmobile tours (what guests drive). */
  private toursDriven(intent: GuideIntent, message: string, context: GuideContext): GuideTour[] {
    const asked = this.toursAsked(intent, message, context);
    const tours = asked.length ? asked : this.catalogue.tours.filter((tour) => tour.categories.includes('Snowmobile'));
    return tours.filter((tour) => (tour.prices?.length ?? 0) > 1).slice(0, MAX_SUGGESTIONS);
  }

  /**
   * The one tour a question is about: named by its title, the only one of the activity asked, or
   * the only one this conversation was about; none when the guest named none.
   */
  private oneTourAsked(intent: GuideIntent, message: string, context: GuideContext): GuideTour | undefined {
    const named = this.tourNamed(message);
    const asked = named
      ? [named.slug]
      : intent.categories.length || intent.location || intent.place
          ? this.toursAsked(intent, message, { lastTours: [] }).map((tour) => tour.slug)
          : context.lastTours;
    return asked.length === 1 ? this.catalogue.tours.find((item) => item.slug === asked[0]) : undefined;
  }

  /** A reply that only gives what the guide asked for (a name, an email, how many), not a new question. */
  private onlyDetails(message: string, intent: GuideIntent): boolean {
    const asks = [...intent.topics].filter((topic) => !['hold', 'seats', 'booking', 'group-size', 'thanks'].includes(topic));
    return asks.length === 0 && intent.categories.length === 0 && (nameIn(message) !== undefined || intent.party !== undefined || intent.clock !== undefined);
  }

  /**
   * The tours a question about seats means: named in it, or else the ones this conversation was
   * about. Of the activity asked for, those in season on the day asked; all of them when none is
   * (the caller then says when they run).
   */
  private toursAsked(intent: GuideIntent, message: string, context: GuideContext): GuideTour[] {
    const byPlace = intent.place ? this.toursAt(intent.place) : [];
    if (byPlace.length) return byPlace.slice(0, MAX_SUGGESTIONS);
    if (intent.categories.length || intent.location) {
      const ranked = this.rank(message);
      const wanted = intent.categories.filter((category) => category !== 'Winter' && category !== 'Summer');
      const matching = this.catalogue.tours
        .filter((tour) => (!intent.location || tour.locations.includes(intent.location)) && wanted.every((category) => tour.categories.includes(category)))
        .sort((a, b) => (ranked.get(b.slug) ?? 0) - (ranked.get(a.slug) ?? 0));
      // One tour named by its title far better than the rest ("the car chase") is the one meant, in
      // season or not ("the reindeer sledding tour on Friday" in November: when it runs, not the Sami evening's seats).
      const byTitle = this.titleMatches(message);
      const [first, second = 0] = matching.map((tour) => byTitle.get(tour.slug) ?? 0).sort((a, b) => b - a);
      if (matching.length > 1 && first > 0 && first >= 2 * second) return matching.filter((tour) => byTitle.get(tour.slug) === first).slice(0, 1);
      const inSeason = matching.filter((tour) => !intent.span || tour.seasonMonths.includes(kirunaMonth(intent.span.from)));
      const fitting = inSeason.length ? inSeason : matching;
      if (fitting.length) return fitting.slice(0, MAX_SUGGESTIONS);
    }
    // A tour named by its title; else the tours this conversation was about. (Not a loose search of
    // every word: "Welche Touren gibt es morgen?" found the moose safari, and "platser på hundspann" the Icehotel.)
    const named = this.tourNamed(message);
    if (named) return [named];
    return context.lastTours
      .map((slug) => this.catalogue.tours.find((tour) => tour.slug === slug))
      .filter((tour): tour is GuideTour => tour !== undefined)
      .slice(0, MAX_SUGGESTIONS);
  }

  /** The one tour the message names by its title, far better than any other ("the car chase"); none otherwise. */
  private tourNamed(message: string): GuideTour | undefined {
    const [first, second] = [...this.titleMatches(message)].sort((a, b) => b[1] - a[1]);
    return first && (!second || first[1] >= 2 * second[1]) ? this.catalogue.tours.find((tour) => tour.slug === first[0]) : undefined;
  }

  /** Tours whose title has words of the message beyond the everyday ones ("car chase", "photo tour"), by score. */
  private titleMatches(message: string): Map<string, number> {
    return new Map(this.tourSearch.search(message, { fields: ['title', 'otherTitles'], prefix: false, fuzzy: false, processTerm: dropNoise }).map((result) => [String(result.slug), result.score]));
  }

  /** Tours that go to a place: those whose title names it, else whose short description does, else whose description does. */
  private toursAt(place: string): GuideTour[] {
    const pattern = place === 'Icehotel' ? /icehotel|jukkasjärvi/i : place === 'Cabin' ? /mountain cabin/i : new RegExp(place, 'i');
    for (const text of [(tour: GuideTour) => tour.title, (tour: GuideTour) => tour.shortDescription, (tour: GuideTour) => tour.description]) {
      const there = this.catalogue.tours.filter((tour) => pattern.test(text(tour)));
      if (there.length) return there;
    }
    return [];
  }

  /** Tours that meet every constraint, best match first; honest about near misses. */
  private recommend(intent: GuideIntent, message: string, voice: GuideVoice, now: Date, pool: GuideTour[] = this.catalogue.tours): { tours: GuideTour[]; text?: string } {
    const { say } = voice;
    const describe = (tour: GuideTour) => voice.describe(tour, intent.family);
    if (intent.place) {
      const there = this.toursAt(intent.place).slice(0, MAX_SUGGESTIONS);
      if (there.length) return { tours: there, text: say('fits', { count: there.length, tours: voice.list(there.map(describe)) }) };
    }
    const wanted = intent.categories;
    const fits = (tour: GuideTour, relax: { price?: boolean; month?: boolean; family?: boolean } = {}) =>
      (!intent.location || tour.locations.includes(intent.location)) &&
      wanted.every((category) => tour.categories.includes(category)) &&
      (relax.family || !intent.family || takesChildren(tour)) &&
      (relax.family || intent.childAge === undefined || (tour.minAge ?? 0) <= intent.childAge) &&
      (relax.price || !intent.maxPriceSek || tour.priceSek <= intent.maxPriceSek) &&
      (!intent.maxHours || tour.durationHours <= intent.maxHours) &&
      (!intent.minHours || tour.durationHours >= intent.minHours) &&
      (!intent.timeOfDay || tour.timeOfDay === intent.timeOfDay || (intent.timeOfDay === 'night' && tour.timeOfDay === 'evening')) &&
      (relax.month || !intent.month || tour.seasonMonths.includes(intent.month));

    const ranked = this.rank(message);
    const thisMonth = kirunaMonth(now);
    // For a family: in season now, made for families, with a child's price, not too long a day.
    const familyScore = (tour: GuideTour) =>
      (intent.month || tour.seasonMonths.includes(thisMonth) ? 4 : 0) +
      (tour.categories.includes('Family Friendly') ? 2 : 0) +
      ((tour.prices ?? []).some((price) => price.code === 'child') ? 1 : 0) +
      (tour.durationHours <= 5 ? 1 : 0) -
      (tour.durationHours > LONG_FOR_CHILDREN_HOURS ? 2 : 0);
    // A family's tours in one order whatever the language asked in: by how well they suit families, then the catalogue's own order (not by words the question shares with a description).
    const catalogueOrder = (tour: GuideTour) => this.catalogue.tours.indexOf(tour);
    const order = (tours: GuideTour[]) =>
      [...tours].sort(
        (a, b) =>
          (intent.family ? familyScore(b) - familyScore(a) || catalogueOrder(a) - catalogueOrder(b) : 0) ||
          (intent.cheapest || intent.maxPriceSek ? a.priceSek - b.priceSek : (ranked.get(b.slug) ?? 0) - (ranked.get(a.slug) ?? 0)),
      );
    // Tours made for families that start next month (the husky puppies from December), the shortest first as small children prefer: named after this month's, not left out.
    const nextMonth = (thisMonth % 12) + 1;
    const comingForFamilies = () =>
      pool
        .filter((tour) => fits(tour) && tour.categories.includes('Family Friendly') && !tour.seasonMonths.includes(thisMonth) && tour.seasonMonths.includes(nextMonth))
        .sort((a, b) => a.durationHours - b.durationHours || catalogueOrder(a) - catalogueOrder(b))
        .slice(0, 2);

    const matches = order(pool.filter((tour) => fits(tour))).slice(0, MAX_SUGGESTIONS);
    if (matches.length > 0) {
      if (intent.family && !intent.month && matches.every((tour) => tour.seasonMonths.includes(thisMonth))) {
        const coming = comingForFamilies();
        const text = say('family.fits', { month: voice.month(thisMonth), tours: voice.list(matches.map(describe)) });
        if (coming.length === 0) return { tours: matches, text };
        return { tours: [...matches, ...coming], text: `${text} ${say('family.from', { month: voice.month(nextMonth), tours: voice.list(coming.map(describe)) })}` };
      }
      if (intent.family && !intent.month && !matches.some((tour) => tour.seasonMonths.includes(thisMonth))) {
        // "None of our tours for children" only when no activity (nor tours of the conversation) was asked: the snowmobile's being out of season says nothing of the others.
        const none = intent.categories.length || intent.location || pool !== this.catalogue.tours ? 'notInMonth' : 'family.none';
        return { tours: matches, text: say(none, { month: voice.month(thisMonth), tours: voice.list(matches.map((tour) => this.runsIn(tour, voice, describe(tour)))) }) };
      }
      return { tours: matches, text: say('fits', { count: matches.length, tours: voice.list(matches.map(describe)) }) };
    }
    if (intent.month && wanted.includes('Northern Lights') && !AURORA_MONTHS.includes(intent.month)) {
      const summer = order(this.catalogue.tours.filter((tour) => tour.seasonMonths.includes(intent.month!) && (!intent.location || tour.locations.includes(intent.location)))).slice(0, MAX_SUGGESTIONS);
      return { tours: summer, text: summer.length ? say('instead', { month: voice.month(intent.month), tours: voice.list(summer.map(describe)) }) : undefined };
    }
    const overBudget = intent.maxPriceSek ? order(pool.filter((tour) => fits(tour, { price: true }))).slice(0, MAX_SUGGESTIONS) : [];
    if (overBudget.length > 0) {
      return { tours: overBudget, text: say('overBudget', { price: voice.sek(intent.maxPriceSek!), tours: voice.list(overBudget.map(describe)) }) };
    }
    const otherMonths = intent.month ? order(pool.filter((tour) => fits(tour, { month: true }))).slice(0, MAX_SUGGESTIONS) : [];
    if (otherMonths.length > 0) {
      return {
        tours: otherMonths,
        text: say('notInMonth', { month: voice.month(intent.month!), tours: voice.list(otherMonths.map((tour) => this.runsIn(tour, voice))) }),
      };
    }
    // Ice climbing with a child (or a 5-year-old on the dog sled team): from which age, rather than "nothing fits".
    const tooYoung = intent.childAge ?? CHILD_UNTIL;
    const forOlder = intent.family ? order(pool.filter((tour) => fits(tour, { family: true }) && (tour.minAge ?? 0) > tooYoung)).slice(0, MAX_SUGGESTIONS) : [];
    if (forOlder.length > 0) {
      return { tours: forOlder, text: say('family.older', { count: forOlder.length, tours: voice.list(forOlder.map((tour) => say('tour.fromAge', { tour: voice.title(tour), age: tour.minAge ?? 0 }))) }) };
    }
    return { tours: [], text: say('noMatch', { contact: voice.contact() }) };
  }

  /** The evening asked about (tonight unless a day is named) where the guest asked, or where the tour they looked at goes out, or both places. */
  private async skyAnswer(intent: GuideIntent, voice: GuideVoice, context: GuideContext, sky: GuideSky, now: Date): Promise<string> {
    const lastTour = this.catalogue.tours.find((tour) => tour.slug === context.lastTours[0]);
    const asked = (intent.location && skyPlaceOf(intent.location)) ?? (lastTour && auroraPlaceOf(lastTour, lastTour.locations));
    const places: SkyPlace[] = asked ? [asked] : SKY_PLACE_NAMES;
    const date = kirunaDate(intent.span?.from ?? now);
    const lines: string[] = [];
    let brightMoon = false;
    for (const place of places) {
      const night = (await sky.nights(place, now)).find((outlook) => outlook.date === date);
      if (!night) return voice.say('sky.beyond');
      brightMoon ||= night.reasons.some((reason) => reason.code === 'bright-moon');
      lines.push(voice.say('sky.at', { place: SKY_PLACES[place].name, headline: skyHeadline(night, voice.lang, now) }));
    }
    return [...lines, ...(brightMoon ? [voice.say('sky.moon')] : []), skyNote(voice.lang), skyAttribution(voice.lang)].join(' ');
  }

  private auroraAnswer(intent: GuideIntent, voice: GuideVoice): string {
    if (!intent.month) return voice.say('fact.aurora');
    const month = voice.month(intent.month);
    if (!AURORA_MONTHS.includes(intent.month)) return voice.say('aurora.month.light', { month });
    return voice.say(PEAK_MONTHS.includes(intent.month) ? 'aurora.month.peak' : 'aurora.month.season', { month });
  }

  private staysAnswer(voice: GuideVoice): string {
    const stays = (this.catalogue.staysIn?.[voice.lang] ?? this.catalogue.stays).map((stay) => voice.say('stays.item', { name: stay.name, price: voice.sek(stay.priceSek), guests: stay.maxGuests }));
    return voice.say('stays', { stays: voice.list(stays) });
  }

  private postPointer(post: { id: string; title?: unknown; excerpt?: unknown }, voice: GuideVoice): string {
    return voice.say('post', { title: String(post.title), excerpt: String(post.excerpt), url: voice.path(`/blog/${post.id}/`) });
  }

  /** "Drive Your Own Dog Sled Team runs in December to April", the tour named by its title or as `named`. */
  private runsIn(tour: GuideTour, voice: GuideVoice, named = voice.title(tour)): string {
    return voice.say('runsIn', { tour: named, season: this.season(tour, voice) });
  }

  private season(tour: GuideTour, voice: GuideVoice): string {
    if (tour.seasonMonths.length >= 12) return voice.say('season.allYear');
    return voice.say('season.range', { from: voice.month(tour.seasonMonths[0]), to: voice.month(tour.seasonMonths.at(-1)!) });
  }

  private rank(message: string): Map<string, number> {
    return new Map(this.tourSearch.search(message).map((result) => [String(result.slug), result.score]));
  }
}
