import type { QuestionView } from '../../../shared/questions';

/** Hotels and stops the bus collects guests from, by location, with how long before the start it is there. */
export const PICKUP_POINTS: { location: 'Kiruna' | 'Abisko'; name: string; address: string; minutesBefore: number }[] = [
  { location: 'Kiruna', name: 'Scandic Ferrum', address: 'Lars Janssonsgatan 15, main entrance', minutesBefore: 30 },
  { location: 'Kiruna', name: 'Hotel Arctic Eye', address: 'Metallvägen 5, main entrance', minutesBefore: 35 },
  { location: 'Kiruna', name: 'Camp Ripan', address: 'Campingvägen 5, reception', minutesBefore: 40 },
  { location: 'Kiruna', name: 'Hotell Kebne', address: 'Konduktörsgatan 7', minutesBefore: 30 },
  { location: 'Kiruna', name: 'Hotel Kiruna', address: 'Gruvvägen 2', minutesBefore: 35 },
  { location: 'Kiruna', name: 'Vinterpalatset', address: 'Järnvägsgatan 18', minutesBefore: 25 },
  { location: 'Kiruna', name: 'STF Kiruna Hostel', address: 'Bergmästaregatan 7', minutesBefore: 25 },
  { location: 'Kiruna', name: 'Icehotel, Jukkasjärvi', address: 'Marknadsvägen 63, reception', minutesBefore: 55 },
  { location: 'Kiruna', name: 'Kiruna Airport', address: 'Arrivals hall', minutesBefore: 45 },
  { location: 'Abisko', name: 'STF Abisko Turiststation', address: 'Reception', minutesBefore: 20 },
  { location: 'Abisko', name: 'Abisko Mountain Lodge', address: 'Lapplandsvägen 4', minutesBefore: 15 },
  { location: 'Abisko', name: 'Abisko Guesthouse', address: 'Lapplandsvägen 2', minutesBefore: 15 },
  { location: 'Abisko', name: 'Abisko Östra station', address: 'The platform', minutesBefore: 10 },
  { location: 'Abisko', name: 'Björkliden Fjällby', address: 'Reception', minutesBefore: 30 },
];

type QuestionSeed = Omit<QuestionView, 'unit' | 'choices' | 'min' | 'max'> & Partial<Pick<QuestionView, 'unit' | 'choices' | 'min' | 'max'>>;

const SHOE_SIZE: QuestionSeed = { code: 'shoe-size', label: 'Boot size (EU)', kind: 'number', unit: 'EU', min: 20, max: 50, perGuest: true, askedAt: 'before', required: true };
const DIET: QuestionSeed = { code: 'diet', label: 'Dietary needs (allergies, vegetarian…)', kind: 'text', perGuest: false, askedAt: 'booking', required: false };

/** What each tour asks, by slug: boots for the dog sleds, weight in the reindeer sledge, a driving licence on a snowmobile, diets at a meal. */
export const TOUR_QUESTIONS: Record<string, QuestionSeed[]> = {
  'drive-your-own-dog-sled-team': [SHOE_SIZE],
  'dog-sledding-under-the-northern-lights': [SHOE_SIZE],
  'reindeer-sledding-day-tour-in-kiruna': [
    // From a newborn on a lap (the tour sells infants) to the sledge's limit.
    { code: 'weight', label: 'Weight', kind: 'number', unit: 'kg', min: 2, max: 120, perGuest: true, askedAt: 'booking', required: true },
    DIET,
  ],
  'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour': [
    { code: 'licence', label: 'Every driver holds a valid car driving licence', kind: 'yesno', min: 1, perGuest: false, askedAt: 'before', required: true },
    SHOE_SIZE,
  ],
  'snowmobile-northern-lights-safari': [
    { code: 'licence', label: 'Every driver holds a valid car driving licence', kind: 'yesno', min: 1, perGuest: false, askedAt: 'before', required: true },
    SHOE_SIZE,
  ],
  'northern-lights-sami-inspired-bbq-kiruna': [DIET],
  'ice-fishing-and-campfire-lunch-abisko': [DIET],
  'sami-culture-evening-in-kiruna': [DIET],
  'aurora-night-at-a-mountain-cabin-abisko': [DIET],
};

/** The fewest guests a tour runs with (decided 24 hours before), where it has one. */
export const TOUR_MINIMUMS: Record<string, number> = {
  'northern-lights-car-chase-kiruna': 2,
  'abisko-northern-lights-photo-tour': 2,
  'narvik-fjord-and-narvik-city-sightseeing': 4,
  'tour-to-narvik-from-abisko': 4,
  'ice-climbing-for-beginners-abisko': 2,
};

/** The full question, its optional parts null. */
export const questionRow = (seed: QuestionSeed): QuestionView => ({ unit: null, choices: null, min: null, max: null, ...seed });

/** The seeded questions' labels in Swedish and German, by code. */
export const QUESTION_LABELS: Record<string, Record<'sv' | 'de', string>> = {
  'shoe-size': { sv: 'Kängstorlek (EU)', de: 'Stiefelgröße (EU)' },
  diet: { sv: 'Kost (allergier, vegetariskt …)', de: 'Ernährung (Allergien, vegetarisch …)' },
  weight: { sv: 'Vikt', de: 'Gewicht' },
  licence: { sv: 'Alla förare har ett giltigt körkort för bil', de: 'Jeder Fahrer hat einen gültigen Autoführerschein' },
};

/** The seeded pickup points' names and addresses in Swedish and German where they have words to translate, by English name. */
export const PICKUP_WORDS: Record<string, Record<'sv' | 'de', { name?: string; address?: string }>> = {
  'Scandic Ferrum': { sv: { address: 'Lars Janssonsgatan 15, huvudentrén' }, de: { address: 'Lars Janssonsgatan 15, Haupteingang' } },
  'Hotel Arctic Eye': { sv: { address: 'Metallvägen 5, huvudentrén' }, de: { address: 'Metallvägen 5, Haupteingang' } },
  'Camp Ripan': { sv: { address: 'Campingvägen 5, receptionen' }, de: { address: 'Campingvägen 5, Rezeption' } },
  'Icehotel, Jukkasjärvi': { sv: { address: 'Marknadsvägen 63, receptionen' }, de: { address: 'Marknadsvägen 63, Rezeption' } },
  'Kiruna Airport': { sv: { name: 'Kiruna flygplats', address: 'Ankomsthallen' }, de: { name: 'Flughafen Kiruna', address: 'Ankunftshalle' } },
  'STF Abisko Turiststation': { sv: { address: 'Receptionen' }, de: { address: 'Rezeption' } },
  'Abisko Östra station': { sv: { address: 'Perrongen' }, de: { address: 'Am Bahnsteig' } },
  'Björkliden Fjällby': { sv: { address: 'Receptionen' }, de: { address: 'Rezeption' } },
};

/**
 * The VAT rate of each tour (percent), where it is not the normal 25 (mervärdesskattelagen;
 * Skatteverket's guidance): 6 for passenger transport, which includes sightseeing tours whatever
 * the vehicle (the car chase, the Narvik and Icehotel trips), and 6 for guided showing of nature
 * outside towns and of national parks (förevisning av naturområden, reduced since 1 January 2018:
 * the hikes, snowshoe walks, moose and beaver watching, the aurora photo tour in Abisko national
 * park). Where the activity itself is what is sold (driving a snowmobile or a dog team, reindeer
 * sledding, ice fishing and climbing, an evening of food and culture) the normal 25 applies: the
 * Supreme Administrative Court held a guided rafting tour to be the activity, not the showing of
 * nature (HFD 2019 ref. 44), and Skatteverket counts dog sledding the same way. Staff can change
 * any rate in the admin; the company's accountant has the last word.
 */
export const TOUR_VAT_RATES: Record<string, number> = {
  'northern-lights-car-chase-kiruna': 6,
  'narvik-fjord-and-narvik-city-sightseeing': 6,
  'tour-to-narvik-from-abisko': 6,
  'icehotel-and-jukkasjarvi-visit': 6,
  'moose-spotting-tour-from-kiruna-to-nikkaluokta': 6,
  'daytime-snowshoe-hike-kiruna': 6,
  'arctic-snowshoe-moments-fire-cocoa-marshmallows': 6,
  'morning-hike-in-abisko-national-park': 6,
  'abisko-northern-lights-photo-tour': 6,
  'midnight-sun-hike-to-lapporten-viewpoint': 6,
  'summer-moose-and-beaver-safari-kiruna': 6,
  'abisko-canyon-winter-snowshoe-walk': 6,
};
