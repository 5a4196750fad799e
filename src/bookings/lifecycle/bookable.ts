import { BadRequestException, ConflictException } from '@nestjs/common';

import type { DataSource, EntityManager } from 'typeorm';

import { COMPANY_PHONE } from '../../../shared/company';

import { partyRefusalIn, partyRefusalTexts } from '../../../shared/party-refusals';
import { defaultParty, PartyRefused, partyItems, quoteParty, type BookingQuote, type PartyItem, type PriceCategoryRule, type StayPrice } from '../../../shared/pricing';

import { GuestRefusal } from '../../common/filters/guest-refusal.exception';
import type { Departure } from '../../departures/departure.entity';
import type { Lang } from '../../../shared/languages';
import { AnswersRefused, checkAnswers } from '../../../shared/answer-check';
import type { Answers, QuestionView } from '../../../shared/questions';
import { tourOptions, type TourOptions } from '../../tours/tour-options';
import { hoursBeforeStart } from '../../departures/departure-rules';
import type { Booking } from '../booking.entity';
import { StayPackage } from '../stay-package.entity';

/** Who asks for the seats: a guest (English, only open departures) or staff (Swedish, open or closed). */
export type Asker = 'guest' | 'staff';
/** Who gives a pickup and answers: a guest (all required answers now), staff or a reseller (answers may wait; a reseller is answered in English). */
export type OptionsAsker = Asker | 'reseller';

const WORDS = {
  guest: { unknownStay: (id: number) => `There is no stay package with id ${id}.` },
  staff: { unknownStay: (id: number) => `Det finns inget boendepaket med id ${id}.` },
} as const;

const seats = (left: number) => `${left} ${left === 1 ? 'seat is' : 'seats are'}`;

/** "Not enough seats", for a new booking (a guest's or staff's) or a guest's change to another date. */
const SEAT_WORDS = {
  guest: { soldOut: 'This departure is sold out. Please choose another date.', onlyLeft: (left: number) => `Only ${seats(left)} left on this departure.` },
  change: { soldOut: 'That date is sold out. Please choose another.', onlyLeft: (left: number) => `Only ${seats(left)} left on that date.` },
  staff: { soldOut: 'Avgången har bara 0 lediga platser.', onlyLeft: (left: number) => `Avgången har bara ${left} lediga platser.` },
} as const;

/** Refuses `wanted` seats when only `seatsLeft` are (a 409 in the words of whoever asked). */
export function assertSeats(seatsLeft: number, wanted: number, asker: keyof typeof SEAT_WORDS): void {
  if (seatsLeft >= wanted) return;
  throw new ConflictException(seatsLeft <= 0 ? SEAT_WORDS[asker].soldOut : SEAT_WORDS[asker].onlyLeft(seatsLeft));
}

/** An active stay package to add to a new booking; a 400 in the asker's words when there is none. */
export async function findActiveStay(dataSource: DataSource, id: number, asker: Asker): Promise<StayPackage> {
  const stay = await dataSource.getRepository(StayPackage).findOneBy({ id, isActive: true });
  if (!stay) throw new BadRequestException(WORDS[asker].unknownStay(id));
  return stay;
}

/** A party as a booking request gives it: `guests` (of the default category) or `categories`. */
export interface PartyRequest {
  guests?: number;
  categories?: PartyItem[];
}

/**
 * The request's party on this departure, checked and priced (in the transaction that holds the
 * departure's lock, so the prices are those the booking is made at); a 400 in the asker's words.
 */
export function quoteRequest(prices: PriceCategoryRule[], request: PartyRequest, stay: StayPrice | null, asker: Asker): BookingQuote {
  if (request.categories !== undefined && request.guests !== undefined) {
    throw new BadRequestException(asker === 'guest' ? 'Give either guests or categories, not both.' : 'Ange antingen guests eller categories, inte båda.');
  }
  try {
    return quoteParty(prices, request.categories ?? defaultParty(prices, request.guests ?? 0), stay);
  } catch (error) {
    if (error instanceof PartyRefused) throw asker === 'guest' ? new GuestRefusal(partyRefusalTexts(error)) : new BadRequestException(partyRefusalIn('sv', error.reason));
    throw error;
  }
}

/** The party a booking was made for, to quote it again (a booking from before categories: its guests, of the default category). */
export function bookedParty(booking: Pick<Booking, 'party' | 'guests'>): PartyRequest {
  return booking.party ? { categories: partyItems(booking.party) } : { guests: booking.guests };
}

/** A booking request's pickup and answers. */
export interface OptionsRequest {
  pickupPointId?: number | null;
  answers?: unknown;
}

/**
 * The request's pickup point (one the tour offers; none: the meeting point) and its answers,
 * checked against the tour's questions for a party of `guests` (required ones asked at booking
 * must be there); a 400 in the asker's words.
 */
export function checkOptions(options: TourOptions, request: OptionsRequest, guests: number, asker: OptionsAsker, previous?: Answers, answersNow = asker === 'guest'): { pickupPointId: number | null; answers: Answers } {
  const pickupPointId = checkPickup(options, request.pickupPointId, asker);
  // Staff taking a booking on the phone, a reseller, and a guest taking a waitlist offer in one tap may leave questions to answer later.
  const check = (questions: readonly QuestionView[]) => checkAnswers(questions, request.answers, guests, { requireNow: answersNow, previous });
  try {
    return { pickupPointId, answers: check(options.questions) };
  } catch (error) {
    if (error instanceof AnswersRefused) throw asker === 'guest' ? new AnswersRefusal(error.texts, options, check) : new BadRequestException(asker === 'reseller' ? error.texts.en : error.texts.sv);
    throw error;
  }
}

/** A pickup point the tour offers (none: the meeting point); a 400 in the asker's words. */
export function checkPickup(options: Pick<TourOptions, 'pickupPoints'>, requested: number | null | undefined, asker: OptionsAsker): number | null {
  const pickupPointId = requested ?? null;
  if (pickupPointId !== null && !options.pickupPoints.some((point) => point.id === pickupPointId)) {
    throw new BadRequestException(asker === 'staff' ? `Turen hämtar inte upp gäster vid upphämtningsplats ${pickupPointId}.` : `This tour does not collect guests from pickup point ${pickupPointId}.`);
  }
  return pickupPointId;
}

/**
 * A pickup point and answers given after booking (the guest's manage page, a reseller's
 * update), each checked on its own against the tour and its own cutoff before the start: a new
 * pickup needs no answers (a phone booking may have none yet). Answers are merged over those
 * given before. The fields to write (none for what was not given or did not change).
 */
export async function laterOptions(
  manager: EntityManager,
  booking: Pick<Booking, 'pickupPointId' | 'guests' | 'answers'>,
  departure: Departure,
  given: { pickupPointId?: number | null; answers?: unknown },
  asker: 'guest' | 'reseller',
  now: Date,
): Promise<Partial<Booking>> {
  if (given.pickupPointId === undefined && given.answers === undefined) return {};
  const options = await tourOptions(manager, departure.tourId);
  const hoursLeft = hoursBeforeStart(departure, now);
  const fields: Partial<Booking> = {};
  if (given.pickupPointId !== undefined && given.pickupPointId !== booking.pickupPointId) {
    if (hoursLeft < options.pickupCutoffHours) throw new ConflictException(`The pickup can be changed until ${options.pickupCutoffHours} hours before the start. Please call us on ${COMPANY_PHONE}.`);
    fields.pickupPointId = checkPickup(options, given.pickupPointId, asker);
  }
  if (given.answers !== undefined) {
    if (hoursLeft < options.answersDueHours) throw new ConflictException(`Answers can be given until ${options.answersDueHours} hours before the start. Please call us on ${COMPANY_PHONE}.`);
    fields.answers = checkOptions(options, { answers: given.answers }, booking.guests, asker, booking.answers ?? undefined).answers;
  }
  return fields;
}

/** What a new booking (a hold, or one staff take) keeps of its departure, stay, priced party, pickup, answers and contact. */
export function newBookingFields(
  departure: Departure,
  stay: StayPackage | null,
  quote: BookingQuote,
  chosen: { pickupPointId: number | null; answers: Answers },
  contact: { name: string; email: string; phone?: string; notes?: string },
): Partial<Booking> {
  return {
    departureId: departure.id,
    stayPackageId: stay?.id ?? null,
    guests: quote.guests,
    seats: quote.seats,
    party: quote.lines,
    pickupPointId: chosen.pickupPointId,
    answers: chosen.answers,
    name: contact.name,
    email: contact.email.toLowerCase(),
    phone: contact.phone ?? null,
    notes: contact.notes ?? null,
    tourAmountSek: quote.tourAmountSek,
    stayAmountSek: quote.stayAmountSek,
    stayRooms: stay ? quote.rooms : null,
    stayVatRate: quote.stayVatRate,
    discountSek: quote.discountSek,
    totalSek: quote.totalSek,
  };
}

/**
 * A guest's answers refused, naming the tour's questions in English. `textsWith` says it again
 * with the questions as another language words them (BookingWords looks them up after the
 * transaction, and only for a refusal).
 */
export class AnswersRefusal extends GuestRefusal {
  constructor(
    texts: Record<Lang, string>,
    readonly asked: Pick<TourOptions, 'tourId' | 'questions'>,
    private readonly check: (questions: readonly QuestionView[]) => unknown,
  ) {
    super(texts);
  }

  /** The refusal's texts with `questions` (the same questions, translated) naming what is refused. */
  textsWith(questions: readonly QuestionView[]): Record<Lang, string> {
    try {
      this.check(questions);
    } catch (error) {
      if (error instanceof AnswersRefused) return error.texts;
      throw error;
    }
    return this.texts;
  }
}
