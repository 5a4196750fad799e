import { slugFrom } from './slug';

describe(slugFrom.name, () => {
  it.each([
    ['The aurora season begins', 'the-aurora-season-begins'],
    ['Årets första norrsken!', 'arets-forsta-norrsken'],
    ['  Dog sledding: 5 tips  ', 'dog-sledding-5-tips'],
    ['Jukkasjärvi & Icehotel 2027', 'jukkasjarvi-icehotel-2027'],
  ])('%s → %s', (title, slug) => {
    expect(slugFrom(title)).toBe(slug);
  });
});
