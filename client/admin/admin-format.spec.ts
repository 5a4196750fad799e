import { seriesOutcome } from './admin-format';

describe(seriesOutcome.name, () => {
  it.each([
    [9, 0, 0, '9 avgångar skapade.'],
    [1, 0, 0, '1 avgång skapade.'],
    [5, 2, 1, '5 avgångar skapade; 2 fanns redan och 1 har redan passerat och hoppades över.'],
    [0, 9, 0, 'Inga nya avgångar: alla 9 tider i serien fanns redan.'],
    [0, 0, 3, 'Inga nya avgångar: alla 3 tider i serien har redan passerat.'],
    [0, 2, 3, 'Inga nya avgångar: 2 fanns redan och 3 har redan passerat.'],
    [0, 0, 0, 'Inga avgångar i serien: välj veckodagar som finns mellan datumen.'],
  ])('%i made, %i there already, %i past: %s', (created, existing, past, text) => {
    expect(seriesOutcome(created, existing, past)).toBe(text);
  });
});
