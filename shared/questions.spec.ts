import { type AnswersRefused, checkAnswers } from './answer-check';
import { ANSWER_WORDS, describeAnswers, describeMissing, missingAnswers, questionLabel, type QuestionView } from './questions';

const question = (fields: Partial<QuestionView> & Pick<QuestionView, 'code' | 'label' | 'kind'>): QuestionView => ({
  unit: null,
  choices: null,
  perGuest: false,
  askedAt: 'booking',
  required: true,
  min: null,
  max: null,
  ...fields,
});

const WEIGHT = question({ code: 'weight', label: 'Weight', kind: 'number', unit: 'kg', perGuest: true, max: 120 });
const BOOTS = question({ code: 'boots', label: 'Boot size', kind: 'number', unit: 'EU', perGuest: true, askedAt: 'before', min: 20, max: 50 });
const LICENCE = question({ code: 'licence', label: 'Driving licence', kind: 'yesno', min: 1 });
const MEAL = question({ code: 'meal', label: 'Meal', kind: 'choice', choices: ['meat', 'fish', 'vegetarian'], required: false });
const NOTE = question({ code: 'note', label: 'Note', kind: 'text', required: false });
const ALL = [WEIGHT, BOOTS, LICENCE, MEAL, NOTE];

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as AnswersRefused;
  }
  throw new Error('not refused');
};

describe(checkAnswers.name, () => {
  it('keeps checked answers, numbers from text too, and leaves "before the tour" questions for later', () => {
    const answers = checkAnswers(ALL, { booking: { licence: true, meal: 'fish', note: '  window seat ' }, guests: [{ weight: '82' }, { weight: 64 }] }, 2, { requireNow: true });
    expect(answers).toEqual({ booking: { licence: true, meal: 'fish', note: 'window seat' }, guests: [{ weight: 82 }, { weight: 64 }] });
  });

  it.each([
    [{ booking: { licence: true }, guests: [{ weight: 80 }] }, 'Please answer "Weight" for guest 2.'],
    [{ booking: { licence: true }, guests: [{ weight: 80 }, { weight: 121 }] }, 'Weight (guest 2) must be at most 120 kg on this tour.'],
    [{ booking: { licence: false }, guests: [{ weight: 80 }, { weight: 80 }] }, 'Driving licence: this tour needs a yes.'],
    [{ booking: { licence: 'yes' }, guests: [{ weight: 80 }, { weight: 80 }] }, 'Driving licence must be yes or no.'],
    [{ booking: { licence: true, meal: 'cake' }, guests: [{ weight: 80 }, { weight: 80 }] }, 'Meal must be one of: meat, fish, vegetarian.'],
    [{ booking: { licence: true }, guests: [{ weight: 'heavy' }, { weight: 80 }] }, 'Weight (guest 1) must be a number.'],
    [{ booking: { licence: true, colour: 'red' } }, 'This tour asks no question "colour".'],
    [{ booking: { licence: true }, guests: [{}, {}, {}] }, 'answers.guests has 3 entries for 2 guests: one per guest.'],
    [[], 'answers must be an object with booking and guests.'],
  ])('refuses %j: %s', (given, message) => {
    expect(refusal(() => checkAnswers(ALL, given, 2, { requireNow: true })).message).toBe(message);
  });

  it('counts one guest as one: "for 1 guest", in each language', () => {
    expect(refusal(() => checkAnswers(ALL, { guests: [{}, {}] }, 1, { requireNow: false })).texts).toEqual({
      en: 'answers.guests has 2 entries for 1 guest: one per guest.',
      sv: 'answers.guests har 2 poster för 1 gäst: en per gäst.',
      de: 'answers.guests hat 2 Einträge für 1 Gast: einen pro Gast.',
    });
  });

  it('says it in Swedish for staff too', () => {
    expect(refusal(() => checkAnswers(ALL, { guests: [{ weight: 200 }] }, 1, { requireNow: false })).texts.sv).toBe('Weight (gäst 1) får vara högst 120 kg på den här turen.');
  });

  it('says every refusal in each of the site\'s languages, for a guest on the Swedish or German pages', () => {
    expect(refusal(() => checkAnswers(ALL, { guests: [{ weight: 200 }] }, 1, { requireNow: false })).texts).toEqual({
      en: 'Weight (guest 1) must be at most 120 kg on this tour.',
      sv: 'Weight (gäst 1) får vara högst 120 kg på den här turen.',
      de: 'Weight (Gast 1) darf auf dieser Tour höchstens 120 kg sein.',
    });
    for (const given of [{ guests: [{ weight: 'heavy' }] }, { booking: { licence: 'maybe' } }, {}, { booking: { nope: 1 } }, []]) {
      const { en, sv, de } = refusal(() => checkAnswers(ALL, given, 2, { requireNow: true })).texts;
      expect(new Set([en, sv, de]).size).toBe(3);
    }
  });

  it('merges later answers over earlier ones, and an empty value takes one back', () => {
    const previous = { booking: { licence: true, note: 'window' }, guests: [{ weight: 80, boots: 42 }, { weight: 70 }] };
    const merged = checkAnswers(ALL, { booking: { note: '' }, guests: [{}, { boots: 38 }] }, 2, { requireNow: false, previous });
    expect(merged).toEqual({ booking: { licence: true }, guests: [{ weight: 80, boots: 42 }, { weight: 70, boots: 38 }] });
  });
});

describe(missingAnswers.name, () => {
  it('names each required question still unanswered, per guest', () => {
    expect(missingAnswers(ALL, { booking: {}, guests: [{ weight: 80, boots: 40 }] }, 2)).toEqual([
      { code: 'weight', label: 'Weight', guest: 2 },
      { code: 'boots', label: 'Boot size', guest: 2 },
      { code: 'licence', label: 'Driving licence', guest: null },
    ]);
    expect(missingAnswers([NOTE], null, 3)).toEqual([]);
  });

  it('reads in the guest\'s language, whose answer included', () => {
    const missing = missingAnswers([BOOTS, LICENCE], null, 1);
    expect(missing.map((answer) => describeMissing(answer, ANSWER_WORDS.en))).toEqual(['Boot size (guest 1)', 'Driving licence']);
    expect(missing.map((answer) => describeMissing(answer, ANSWER_WORDS.sv))).toEqual(['Boot size (gäst 1)', 'Driving licence']);
    expect(describeMissing({ code: 'boots', label: 'Stiefelgröße', guest: 3 }, ANSWER_WORDS.de)).toBe('Stiefelgröße (Gast 3)');
  });
});

describe(describeAnswers.name, () => {
  const answers = { booking: { licence: true, meal: 'fish' }, guests: [{ weight: 80 }, { weight: 64, boots: 38 }] };

  it('puts the answers in one line for the passenger list', () => {
    expect(describeAnswers(ALL, answers, ANSWER_WORDS.en)).toBe('Weight: 80 kg (guest 1), 64 kg (guest 2); Boot size: 38 EU (guest 2); Driving licence: yes; Meal: fish');
  });

  it('in the staff\'s Swedish, yes and whose included', () => {
    expect(describeAnswers(ALL, answers, ANSWER_WORDS.sv)).toBe('Weight: 80 kg (gäst 1), 64 kg (gäst 2); Boot size: 38 EU (gäst 2); Driving licence: ja; Meal: fish');
  });
});

describe(questionLabel.name, () => {
  it.each([
    ['Weight', 'kg', 'Weight (kg)'],
    ['Boot size (EU)', 'EU', 'Boot size (EU)'],
    ['Kängstorlek (eu)', 'EU', 'Kängstorlek (eu)'],
    ['Note', null, 'Note'],
    ['Note', ' ', 'Note'],
    ['Swim distance', 'm', 'Swim distance (m)'],
    ['Height in cm', 'cm', 'Height in cm'],
    ['Price (SEK/h)', 'SEK/h', 'Price (SEK/h)'],
  ])('names the unit once: %s and %s read "%s"', (label, unit, expected) => {
    expect(questionLabel({ label, unit })).toBe(expected);
  });
});
