/**
 * The OCTO capabilities beyond core, as the specification shapes them: octo/pricing (prices in
 * öre), octo/pickups (where and when a tour collects its guests), octo/questions (what a tour
 * asks of a booking and of each guest) and octo/content (a tour's words and pictures in the
 * language asked for). A request names the ones it wants in `Octo-Capabilities`; an answer
 * carries a capability's fields only when it was asked for, and says which it used.
 */
import type { PickupPointView, PriceCategoryView, TourDetail, TourImageView } from '../../shared/api-types';
import { COMPANY } from '../../shared/company';
import { isLang, type Lang } from '../../shared/languages';
import type { AnswerValue, Answers, QuestionView } from '../../shared/questions';
import { artworkVariants } from '../../shared/artwork';
import { serverStrings } from '../common/i18n/strings';
import mailDe from '../bookings/notifications/mail-strings/de.json';
import mailEn from '../bookings/notifications/mail-strings/en.json';
import mailSv from '../bookings/notifications/mail-strings/sv.json';
import { OctoError } from './octo-errors';
import de from './octo-strings/de.json';
import en from './octo-strings/en.json';
import sv from './octo-strings/sv.json';
import { kirunaLocal } from './octo-time';

/** The words OCTO's content adds to a tour's own, in each language; the cancellation policy as the guest's mails say it. */
const words = serverStrings({ en: { ...en, policy: mailEn.policy }, sv: { ...sv, policy: mailSv.policy }, de: { ...de, policy: mailDe.policy } });

export const CAPABILITIES = ['octo/pricing', 'octo/pickups', 'octo/questions', 'octo/content'] as const;
export type CapabilityId = (typeof CAPABILITIES)[number];

/** The capabilities a request's Octo-Capabilities header asks for that this API has. */
export function askedCapabilities(header: string | string[] | undefined): ReadonlySet<CapabilityId> {
  const asked = String(header ?? '')
    .split(',')
    .map((capability) => capability.trim());
  return new Set(CAPABILITIES.filter((capability) => asked.includes(capability)));
}

/** GET /octo/capabilities: each capability with the spec's fields (octo/webhooks adds routes, no fields to ask for). */
export const capabilityList = () => [...CAPABILITIES, 'octo/webhooks'].map((id) => ({ id, revision: 1, required: false, dependencies: [], docs: 'https://docs.octo.travel/' }));

// ---- octo/pickups ----

/** OCTO's PickupPoint: one of a tour's pickup points; at an availability, with the time the guests are collected. */
export interface OctoPickupPoint {
  id: string;
  name: string;
  directions: string | null;
  address: string;
  latitude: number | null;
  longitude: number | null;
  googlePlaceId: string | null;
  street: string | null;
  postalCode: string | null;
  locality: string | null;
  region: string | null;
  state: string | null;
  country: string | null;
  localDateTime?: string;
  localDateTimeTo?: string | null;
}

/** A pickup point as OCTO's; with a departure's start, the local time its guests are collected there. */
export function octoPickupPoint(point: PickupPointView, startsAt?: Date, lang: Lang = 'en'): OctoPickupPoint {
  return {
    id: String(point.id),
    name: point.name,
    directions: words(lang)('pickup.directions', { minutes: point.minutesBefore }),
    address: point.address,
    latitude: null,
    longitude: null,
    googlePlaceId: null,
    street: point.address,
    postalCode: null,
    locality: point.location,
    region: 'Norrbotten',
    state: null,
    country: 'SE',
    ...(startsAt ? { localDateTime: kirunaLocal(new Date(startsAt.getTime() - point.minutesBefore * 60_000)), localDateTimeTo: null } : {}),
  };
}

/** The pickup fields of an option or an availability: a pickup is offered where the tour has points, never required (guests may come to the meeting point). */
export function pickupFields(tour: Pick<TourDetail, 'pickupPoints'>, startsAt: Date | undefined, lang: Lang) {
  return { pickupRequired: false, pickupAvailable: tour.pickupPoints.length > 0, pickupPoints: tour.pickupPoints.map((point) => octoPickupPoint(point, startsAt, lang)) };
}

/** The pickup point a request names, as our id: none when the reseller asks for no pickup; INVALID_PICKUP_POINT_ID-like BAD_REQUEST when it is not a number. */
export function requestedPickup(request: { pickupRequested?: boolean; pickupPointId?: string | null }): number | null | undefined {
  if (request.pickupRequested === false) return null;
  if (request.pickupPointId === undefined) {
    if (request.pickupRequested) throw new OctoError('BAD_REQUEST', 'pickupRequested needs a pickupPointId: one of the option\'s pickupPoints.');
    return undefined;
  }
  if (request.pickupPointId === null) return null;
  if (!/^[1-9]\d{0,9}$/.test(request.pickupPointId)) throw new OctoError('BAD_REQUEST', `There is no pickup point ${request.pickupPointId} on this product.`);
  return Number(request.pickupPointId);
}

// ---- octo/questions ----

/** OCTO's Question. */
export interface OctoQuestion {
  id: string;
  title: string;
  shortDescription: string | null;
  required: boolean;
  inputType: 'text' | 'number' | 'select';
  selectOptions: { label: string; value: string }[];
  coverImageUrl: null;
}

export interface OctoQuestionAnswer {
  questionId: string;
  question: OctoQuestion;
  value: string | null;
}

/** A tour's question as OCTO's, in `lang` (the tour's words were read in it): a number with its limits said, a choice or yes/no as a select. */
export function octoQuestion(question: QuestionView, lang: Lang = 'en'): OctoQuestion {
  const say = words(lang);
  const unit = question.unit ? ` ${question.unit}` : '';
  const limits =
    question.kind === 'number'
      ? question.min !== null && question.max !== null
        ? say('question.between', { min: `${question.min}${unit}`, max: `${question.max}${unit}` })
        : question.min !== null
          ? say('question.atLeast', { value: `${question.min}${unit}` })
          : question.max !== null
            ? say('question.atMost', { value: `${question.max}${unit}` })
            : null
      : question.kind === 'yesno' && question.min === 1
        ? say('question.needsYes')
        : null;
  const when = question.askedAt === 'before' ? say('question.later') : null;
  return {
    id: question.code,
    title: question.unit ? `${question.label} (${question.unit})` : question.label,
    shortDescription: [limits, when].filter(Boolean).join(' ') || null,
    required: question.required,
    inputType: question.kind === 'number' ? 'number' : question.kind === 'text' ? 'text' : 'select',
    selectOptions:
      question.kind === 'yesno'
        ? [
            { label: say('yes'), value: 'yes' },
            { label: say('no'), value: 'no' },
          ]
        : question.kind === 'choice'
          ? (question.choices ?? []).map((choice, index) => ({ label: question.choiceLabels?.[index] ?? choice, value: choice }))
          : [],
    coverImageUrl: null,
  };
}

/** An OCTO answer (always a string) as the question's own value; a value that cannot be one is given on as it is, for the check to refuse by name. */
function answerValue(question: QuestionView, value: string | null): AnswerValue | null | string {
  if (value === null || value === '') return null;
  if (question.kind === 'number') return /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (question.kind === 'yesno') return value === 'yes' || value === 'true' ? true : value === 'no' || value === 'false' ? false : value;
  return value;
}

const valueText = (value: AnswerValue | undefined): string | null => (value === undefined ? null : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value));

/**
 * A request's questionAnswers (the booking's, and each unit item's for the questions asked of
 * each guest: the k-th unit item answers for the k-th guest) as the answers the site's check
 * takes; undefined when the request gives none. An unknown question is BAD_REQUEST.
 */
export function answersFromOcto(
  questions: readonly QuestionView[],
  booking: { questionId: string; value: string | null }[] | undefined,
  unitItems: ({ questionAnswers?: { questionId: string; value: string | null }[] } | undefined)[] | undefined,
): unknown {
  const perGuest = unitItems?.map((item) => item?.questionAnswers) ?? [];
  if (booking === undefined && perGuest.every((answers) => answers === undefined)) return undefined;
  const byCode = new Map(questions.map((question) => [question.code, question]));
  const read = (answers: { questionId: string; value: string | null }[] | undefined, perGuestQuestions: boolean) =>
    Object.fromEntries(
      (answers ?? []).map(({ questionId, value }) => {
        const question = byCode.get(questionId);
        if (!question || question.perGuest !== perGuestQuestions) {
          throw new OctoError('BAD_REQUEST', `This product asks no question ${questionId} ${perGuestQuestions ? 'of each unit' : 'of the booking'}.`);
        }
        return [questionId, answerValue(question, value)];
      }),
    );
  return { booking: read(booking, false), guests: perGuest.map((answers) => read(answers, true)) };
}

/** The booking's answers as OCTO's questionAnswers: the booking's, and each guest's (for the unit item at the same place). */
export function octoAnswers(questions: readonly QuestionView[], answers: Answers | null, lang: Lang): { booking: OctoQuestionAnswer[]; guests: (index: number) => OctoQuestionAnswer[] } {
  const of = (perGuest: boolean, given: Record<string, AnswerValue> | undefined) =>
    questions.filter((question) => question.perGuest === perGuest).map((question) => ({ questionId: question.code, question: octoQuestion(question, lang), value: valueText(given?.[question.code]) }));
  return { booking: of(false, answers?.booking), guests: (index) => of(true, answers?.guests[index]) };
}

// ---- octo/content ----

/** The language a request asks for in Accept-Language, of those the site speaks (English by default). */
export function contentLanguage(header: string | undefined): Lang {
  for (const part of String(header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().slice(0, 2);
    if (isLang(tag)) return tag;
  }
  return 'en';
}

const absolute = (publicUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

/** A picture's largest JPEG (OCTO's media are JPEG or PNG; the shipped artwork is drawn, rendered to JPEG on request). */
function mediaOf(image: TourImageView): { src: string; type: 'image/jpeg' | 'image/png' } {
  if (/\.png($|\?)/i.test(image.url)) return { src: image.url, type: 'image/png' };
  const jpeg = (image.variants ?? artworkVariants(image.url) ?? []).filter((variant) => variant.type === 'image/jpeg').sort((a, b) => b.width - a.width)[0];
  return { src: jpeg?.url ?? image.url, type: 'image/jpeg' };
}

/** A tour's words and pictures in the language it was read in (the site's own translations), with `lang`'s words around them. */
export function productContent(tour: TourDetail, publicUrl: string, lang: Lang) {
  const say = words(lang);
  const features = [
    ...tour.highlights.map((text) => ({ shortDescription: text, type: 'HIGHLIGHT' as const })),
    ...tour.included.map((text) => ({ shortDescription: text, type: 'INCLUSION' as const })),
    ...tour.whatToBring.map((text) => ({ shortDescription: text, type: 'PREARRIVAL_INFORMATION' as const })),
    { shortDescription: say('meetingPoint', { place: tour.meetingPoint }), type: 'REDEMPTION_INSTRUCTION' as const },
    { shortDescription: say('policy', { hours: tour.cancelFreeHours }), type: 'CANCELLATION_TERM' as const },
    ...(tour.minAge !== null ? [{ shortDescription: say('minAge', { age: tour.minAge }), type: 'BOOKING_TERM' as const }] : []),
  ];
  return {
    title: tour.title,
    shortDescription: tour.short_description,
    description: tour.description,
    features,
    faqs: [],
    media: tour.images.map((image, index) => {
      const { src, type } = mediaOf(image);
      return { src: absolute(publicUrl, src), type, rel: index === 0 ? ('COVER' as const) : ('GALLERY' as const), title: null, caption: image.alt || null, copyright: COMPANY.name };
    }),
    locations: [],
    categoryLabels: [],
    durationMinutesFrom: Math.round(tour.duration * 60),
    durationMinutesTo: null,
    commentary: [],
  };
}

export function optionContent(tour: TourDetail) {
  return { title: tour.title, shortDescription: tour.timeOfDay || null, description: null, features: [], faqs: [], media: [], locations: [], categoryLabels: [], durationMinutesFrom: Math.round(tour.duration * 60), durationMinutesTo: null, commentary: [] };
}

export function unitContent(category: PriceCategoryView, lang: Lang) {
  const say = words(lang);
  const ages =
    category.ageMin !== null && category.ageMax !== null
      ? say('unit.ages', { min: category.ageMin, max: category.ageMax })
      : category.ageMin !== null
        ? say('unit.agesFrom', { min: category.ageMin })
        : category.ageMax !== null
          ? say('unit.agesTo', { max: category.ageMax })
          : null;
  const guests = category.guestsPerUnit > 1 ? say('unit.guests', { count: category.guestsPerUnit }) : null;
  return { title: category.name, shortDescription: [ages, guests].filter(Boolean).join(', '), features: [] };
}
