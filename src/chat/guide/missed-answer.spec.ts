import { missedReason, soundsUnhelped } from './missed-answer';

describe('missedReason: the guide answers staff should read', () => {
  it.each([
    "That's not what I asked",
    'you don’t understand me',
    'This does not help at all',
    'Can I talk to a real person?',
    'Det var inte det jag frågade',
    'Du förstår inte',
    'Kan jag prata med en människa?',
    'Das ist nicht was ich gefragt habe',
    'Sie verstehen mich nicht',
    'Das hilft mir nicht',
  ])('hears a guest the guide did not help: %s', (message) => {
    expect(soundsUnhelped(message)).toBe(true);
  });

  it.each(['Does the tour help us see the aurora?', 'Can children join?', 'Is a real reindeer sled used?', 'Hjälper ni till med skor?', 'Ist das nicht zu kalt?', 'We are 2 adults, not 3'])(
    'does not mistake an ordinary question for a complaint: %s',
    (message) => {
      expect(soundsUnhelped(message)).toBe(false);
    },
  );

  it("marks the guide's own \"not sure\" first, then a guest's complaint, then the same words twice", () => {
    expect(missedReason('What about parking for camper vans?', { reply: "I'm not sure", unanswered: true }, undefined)).toBe('no-content');
    expect(missedReason('That is not what I asked', { reply: 'Our tours are…' }, 'Something else')).toBe('unhelped');
    expect(missedReason('And in March?', { reply: 'Our tours  are\nthese.' }, 'Our tours are these.')).toBe('repeated');
    expect(missedReason('And in March?', { reply: 'In March: …' }, 'Our tours are these.')).toBeNull();
    expect(missedReason('Hello', { reply: 'Hi!' }, undefined)).toBeNull();
    expect(missedReason('Hold 2', { reply: '' }, '')).toBeNull();
  });
});
