import { cleanText } from '../../src/common/text/clean-text';
import { QUESTION_LABELS, TOUR_MINIMUMS, TOUR_QUESTIONS } from '../../src/app-data/seed/booking-options.catalogue';
import { BLOG_POSTS } from '../../src/app-data/seed/blog.catalogue';
import { FAQ_ITEMS, FAQ_TRANSLATIONS } from '../../src/app-data/seed/faq.catalogue';
import { seedCategoryName, seedPriceCategories } from '../../src/app-data/seed/price-categories.catalogue';
import { STAY_PACKAGES, STAY_TRANSLATIONS } from '../../src/app-data/seed/stays.catalogue';
import { PICKUP_PLACE_WORDS, TOUR_TRANSLATIONS } from '../../src/app-data/seed/tour-translations.catalogue';
import { TOURS } from '../../src/app-data/seed/tours.catalogue';
import { toGuideTour, type GuideCatalogue } from '../../src/chat/guide/guide-catalogue';

/** The guide's view of the seeded catalogue, for the question bank (the app reads the live database). */
export function catalogueFromSeed(terms: GuideCatalogue['terms'] = { holdMinutes: 15, cancelFreeHours: 48, checkout: 'on_arrival' }): GuideCatalogue {
  return {
    tours: TOURS.map((tour, index) => ({
      ...toGuideTour({ ...tour, id: index + 1 }, cleanText),
      questions: (TOUR_QUESTIONS[tour.slug] ?? []).map(({ code, label }) => ({ code, label })),
      ...(TOUR_MINIMUMS[tour.slug] && { minimum: { guests: TOUR_MINIMUMS[tour.slug]!, decisionHours: 24 } }),
      prices: seedPriceCategories(tour),
      inLanguages: Object.fromEntries(
        (['sv', 'de'] as const).map((lang) => [
          lang,
          {
            title: TOUR_TRANSLATIONS[tour.slug]![lang].title,
            shortDescription: cleanText(TOUR_TRANSLATIONS[tour.slug]![lang].shortDescription),
            categories: Object.fromEntries(seedPriceCategories(tour).map((category) => [category.code, seedCategoryName(lang, category)])),
            pickupPlaces: tour.pickupPlaces.map((place) => PICKUP_PLACE_WORDS[place]![lang]),
            meetingPoint: TOUR_TRANSLATIONS[tour.slug]![lang].meetingPoint,
            included: TOUR_TRANSLATIONS[tour.slug]![lang].included,
            questions: Object.fromEntries((TOUR_QUESTIONS[tour.slug] ?? []).map((question) => [question.code, QUESTION_LABELS[question.code]![lang]])),
          },
        ]),
      ),
      otherWords: (['sv', 'de'] as const).map((lang) => cleanText(`${TOUR_TRANSLATIONS[tour.slug]![lang].shortDescription} ${TOUR_TRANSLATIONS[tour.slug]![lang].description}`)).join(' '),
    })),
    stays: STAY_PACKAGES.map((stay) => ({ name: stay.name, priceSek: stay.priceSek, maxGuests: stay.maxGuests, description: stay.description })),
    staysIn: Object.fromEntries((['sv', 'de'] as const).map((lang) => [lang, STAY_PACKAGES.map((stay, index) => ({ name: STAY_TRANSLATIONS[index]![lang].name, priceSek: stay.priceSek, maxGuests: stay.maxGuests, description: STAY_TRANSLATIONS[index]![lang].description }))])),
    faq: FAQ_ITEMS.map((item) => ({ question: item.question, answer: item.answer })),
    faqIn: { sv: FAQ_TRANSLATIONS.map((item) => item.sv), de: FAQ_TRANSLATIONS.map((item) => item.de) },
    posts: BLOG_POSTS.map((post) => ({ slug: post.slug, title: post.title, excerpt: post.excerpt, text: cleanText(post.content) })),
    terms,
  };
}
