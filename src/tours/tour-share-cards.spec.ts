import { cardOverlay, titleLines } from './tour-share-cards';

describe("a tour's share card", () => {
  it('breaks the title between words into lines that fit, and ends a title too long for three in "…"', () => {
    expect(titleLines('Northern Lights Car Chase from Kiruna')).toEqual(['Northern Lights Car Chase', 'from Kiruna']);
    expect(titleLines('Hundspann under norrskenet med middag i kåta vid älven och mer därtill', 27)).toEqual(['Hundspann under norrskenet', 'med middag i kåta vid älven', 'och mer därtill']);
    const long = titleLines('word '.repeat(40), 12, 3);
    expect(long).toHaveLength(3);
    expect(long[2]).toMatch(/…$/);
    expect(long.every((line) => line.length <= 12)).toBe(true);
  });

  it('writes the words as text, escaped, with the company name and the place and hours above the title', () => {
    const svg = cardOverlay({ title: 'Ice & <fire> "tour"', place: 'Abisko', hours: '2 h' });
    expect(svg).toContain('Ice &#38; &#60;fire&#62; &#34;tour&#34;');
    expect(svg).toContain('>Norrsken Arctic Tours</text>');
    expect(svg).toContain('>Abisko · 2 h</text>');
    expect(svg).not.toContain('<fire>');
  });
});
