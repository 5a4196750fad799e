import { createHash } from 'node:crypto';

import type { TourTranslation } from '../../shared/admin-types';
import { categoryField, questionField } from '../../shared/option-fields';
import type { TourDetail, TourSummary } from '../../shared/api-types';
import { translatedLines, translatedText } from '../common/i18n/translated';
import { cleanText } from '../common/text/clean-text';

/** A tour's words staff translate (content_translations, subject `tour`); the lists a line per item. */
export const TOUR_TEXT_FIELDS = ['title', 'shortDescription', 'description', 'imageAlt', 'highlights', 'included', 'whatToBring', 'meetingPoint', 'season', 'pickupPlaces'] as const satisfies readonly (keyof TourTranslation)[];

type Words = Partial<Record<string, string>>;


/**
 * A tour's price category names and question labels are its words too, one field each: `c:`
 * and the category's code, `q:` and the question's code (codes are stable; ids are not, as the
 * options are saved whole). A choice question's choices are its answers' values too, so each
 * is named apart from its value: `o:`, the question's code and a short digest of the choice
 * (a renamed choice loses its words, never shows another's; a reordered one keeps them).
 */
export const optionField = {
  category: categoryField,
  question: questionField,
  choice: (code: string, choice: string) => `o:${code}:${createHash('sha256').update(choice).digest('base64url').slice(0, 12)}`,
};

type OptionsView = { priceCategories?: { code: string; name: string }[]; questions?: { code: string; label: string; choices: string[] | null }[] };

/** A question's label in another language, where the tour's words name it (English where not). */
export const questionLabelIn = (question: { code: string; label: string }, words: Words | undefined): string => (words && translatedText(words[optionField.question(question.code)])) ?? question.label;

/** A question in another language: its label, and its choices' labels (the values stay as they are) where any is translated. */
function translateQuestion<Question extends { code: string; label: string; choices: string[] | null }>(question: Question, words: Words): Question {
  const label = questionLabelIn(question, words);
  const choices = question.choices ?? [];
  const choiceWords = choices.map((choice) => translatedText(words[optionField.choice(question.code, choice)]));
  return { ...question, label, ...(choiceWords.some(Boolean) ? { choiceLabels: choices.map((choice, index) => choiceWords[index] ?? choice) } : {}) };
}

/** Price categories and questions named in another language where the tour's words name them. */
export function translateOptions<View extends OptionsView>(view: View, words: Words | undefined): View {
  if (!words) return view;
  return {
    ...view,
    ...(view.priceCategories ? { priceCategories: view.priceCategories.map((category) => ({ ...category, name: translatedText(words[optionField.category(category.code)]) ?? category.name })) } : {}),
    ...(view.questions ? { questions: view.questions.map((question) => translateQuestion(question, words)) } : {}),
  };
}

/** A tour in a list, in another language: each field translated where it is, English where not. */
export function translateSummary<View extends TourSummary>(view: View, words: Words | undefined): View {
  if (!words) return view;
  const shortDescription = translatedText(words.shortDescription);
  return {
    ...view,
    title: translatedText(words.title) ?? view.title,
    short_description: shortDescription ? cleanText(shortDescription) : view.short_description,
    image_alt: translatedText(words.imageAlt) ?? view.image_alt,
    locations: translatedLines(words.pickupPlaces) ?? view.locations,
  };
}

/** A tour's page, in another language. */
export function translateDetail(view: TourDetail, words: Words | undefined): TourDetail {
  if (!words) return view;
  const imageAlt = translatedText(words.imageAlt);
  return {
    ...translateOptions(translateSummary(view, words), words),
    description: translatedText(words.description) ?? view.description,
    highlights: translatedLines(words.highlights) ?? view.highlights,
    included: translatedLines(words.included) ?? view.included,
    whatToBring: translatedLines(words.whatToBring) ?? view.whatToBring,
    meetingPoint: translatedText(words.meetingPoint) ?? view.meetingPoint,
    season: translatedText(words.season) ?? view.season,
    // The shipped artwork's description is the tour's; an uploaded picture keeps its own.
    images: view.images.map((image, index) => (index === 0 && imageAlt && image.alt === view.image_alt ? { ...image, alt: imageAlt } : image)),
  };
}

/** A booking's tour (its title, meeting point and what to bring) and party, in the language its words are. */
export function translateBooking<Booking extends { tour: { title: string; meetingPoint: string; whatToBring: string[] }; party: { code: string; name: string }[] }>(booking: Booking, words: Words | undefined): Booking {
  if (!words) return booking;
  return {
    ...booking,
    tour: { ...booking.tour, title: translatedText(words.title) ?? booking.tour.title, meetingPoint: translatedText(words.meetingPoint) ?? booking.tour.meetingPoint, whatToBring: translatedLines(words.whatToBring) ?? booking.tour.whatToBring },
    party: translateParty(booking.party, words),
  };
}

/** A party's lines with their categories' names in another language, where translated. */
export function translateParty<Line extends { code: string; name: string }>(party: Line[], words: Words | undefined): Line[] {
  return words ? party.map((line) => ({ ...line, name: translatedText(words[optionField.category(line.code)]) ?? line.name })) : party;
}

/** A pickup point in another language: its name and address where translated (content_translations, subject `pickup`). */
export function translatePickupPoint<Point extends { name: string; address: string }>(point: Point, words: Words | undefined): Point {
  return words ? { ...point, name: translatedText(words.name) ?? point.name, address: translatedText(words.address) ?? point.address } : point;
}
