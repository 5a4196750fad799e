import { cleanText, excerpt } from './clean-text';

describe(cleanText.name, () => {
  it('strips markup, decodes quote entities and collapses whitespace', () => {
    expect(cleanText('<p>Drive  your <b>own</b>\n team &quot;today&quot; &#39;now&#39; &amp; more</p>')).toBe(
      'Drive your own team "today" \'now\' & more',
    );
  });

  it('keeps words apart where block elements end, not inside inline ones', () => {
    expect(cleanText('<h1>Big</h1><p>Text<br>more</p><ul><li>one</li><li>t<b>wo</b></li></ul>')).toBe('Big Text more one two');
  });

  it('takes time in proportion to the markup: 90 KB of "<p<p…" without a ">" at once', () => {
    const started = performance.now();
    cleanText('<p'.repeat(45_000));
    cleanText('<p '.repeat(30_000));
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('drops scripts and their content', () => {
    expect(cleanText('Safe<script>alert(1)</script> text')).toBe('Safe text');
  });
});

describe(excerpt.name, () => {
  it('keeps short text whole', () => {
    expect(excerpt('<p>Short</p>', 160)).toBe('Short');
  });

  it('cuts long text at a word, within the limit, with an ellipsis', () => {
    const sut = excerpt(`<h1>Title</h1><p>${'word '.repeat(100)}</p>`, 160);
    expect(sut.length).toBeLessThanOrEqual(160);
    expect(sut.endsWith('…')).toBe(true);
    expect(sut).not.toContain('<');
  });
});
