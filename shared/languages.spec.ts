import { basePath, langOfPath, localizedPath } from './languages';

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
