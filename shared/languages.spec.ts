import { basePath, langOfPath, localizedPath, preferredLanguage } from './languages';

describe('languages', () => {
  it.each([
    ['/', 'en', '/'],
    ['/tours/', 'en', '/tours/'],
    ['/sv/', 'sv', '/'],
    ['/sv', 'sv', '/'],
    ['/de/tours/northern-lights/', 'de', '/tours/northern-lights/'],
    ['/svenska/', 'en', '/svenska/'],
    ['/design/', 'en', '/design/'],
  ])('reads %s as %s, the page %s', (path, lang, base) => {
    expect(langOfPath(path)).toBe(lang);
    expect(basePath(path)).toBe(base);
  });

  it('puts a page in another language, whatever language its path was in', () => {
    expect(localizedPath('sv', '/tours/')).toBe('/sv/tours/');
    expect(localizedPath('de', '/sv/tours/')).toBe('/de/tours/');
    expect(localizedPath('en', '/de/faq/')).toBe('/faq/');
    expect(localizedPath('de', '/')).toBe('/de/');
  });
});

describe('preferredLanguage', () => {
  it("takes the first tag the site speaks, by its language and whatever its region", () => {
    expect(preferredLanguage(['fr-FR', 'de-AT', 'sv'])).toBe('de');
    expect(preferredLanguage(['SV-se'])).toBe('sv');
    expect(preferredLanguage(['fr', 'nb'])).toBeUndefined();
    expect(preferredLanguage([])).toBeUndefined();
  });
});
