import { plainText } from './plain-text';

describe(plainText.name, () => {
  it('removes null bytes, other control characters and bidirectional overrides', () => {
    expect(plainText('An\u0000na\u0007 Svens\u001Bson\u007F\u0085', 'line')).toBe('Anna Svensson');
    expect(plainText('\uFEFFpay \u202Eecnalab\u202C now', 'line')).toBe('pay ecnalab now');
  });

  it('keeps the line breaks of text that has lines, written as \\n', () => {
    expect(plainText('  One vegetarian\r\nOne gluten-free\rThanks\t!  ', 'lines')).toBe('One vegetarian\nOne gluten-free\nThanks\t!');
  });

  it('makes one line of a single-line field', () => {
    expect(plainText('Camp\nRipan\t Hotel', 'line')).toBe('Camp Ripan Hotel');
  });

  it('keeps runs of plain spaces in a line as they are, and turns a run with a tab or line break into one space', () => {
    expect(plainText('Anna  Maria \t \n Svensson\t', 'line')).toBe('Anna  Maria Svensson');
  });

  it('takes time in proportion to the text: 95 KB of spaces (3.3 s before) at once', () => {
    const started = performance.now();
    expect(plainText(`${' '.repeat(95_000)}x`, 'line')).toBe('x');
    expect(plainText(`x${' \t'.repeat(47_500)}y`, 'line')).toBe('x y');
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('leaves letters of every script, emoji and joiners alone', () => {
    expect(plainText('Åsa Ñúñez 李 👩‍👩‍👧', 'line')).toBe('Åsa Ñúñez 李 👩‍👩‍👧');
  });
});
