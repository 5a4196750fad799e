import { cacheKey } from './response-cache';

const get = (url: string, headers: Record<string, string> = {}) => cacheKey({ method: 'GET', url, headers });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe(cacheKey.name, () => {
  it('keys public pages and catalogue answers by path and their canonical query', () => {
    expect(get('/tours/')).toBe('/tours/');
    expect(get('/tours/?location=Kiruna&category=Dogsledding')).toBe('/tours/?category=Dogsledding&location=Kiruna');
    expect(get('/api/tours?category=Northern%20Lights')).toBe('/api/tours?category=Northern+Lights');
    expect(get(`/api/tours/aurora/departures?to=${day(30)}&from=${day(1)}`)).toBe(`/api/tours/aurora/departures?from=${day(1)}&to=${day(30)}`);
    expect(get('/faq/?')).toBe('/faq/');
  });

  it('keeps nothing for a value the page or endpoint does not take', () => {
    for (const url of [
      '/tours/?location=u1',
      '/tours/?location=kiruna',
      '/tours/?category=Ghost%20hunting',
      '/api/faq?location=7',
      '/blog/?page=2',
      '/tours/?location=Kiruna&location=Abisko',
      '/api/tours/aurora/departures?from=2026-02-30',
      '/api/tours/aurora/departures?from=tomorrow',
      `/api/tours/aurora/departures?from=${day(1)}T10:00:00Z`,
      `/api/tours/aurora/departures?from=${day(-10)}`,
      `/api/tours/aurora/departures?to=${day(420)}`,
      '/api/tours?from=2026-12-01',
    ]) {
      expect([url, get(url)]).toEqual([url, null]);
    }
  });

  it('keys a booking page by its one address, the id without leading zeros', () => {
    expect(get('/book/16/')).toBe('/book/16/');
    expect(get('/sv/book/16/')).toBe('/sv/book/16/');
    for (const url of ['/book/016/', '/book/0016/', '/book/0/', '/de/book/0016/']) {
      expect([url, get(url)]).toEqual([url, null]);
    }
  });

  it('keeps nothing for a visitor of their own: staff, other methods, other paths', () => {
    expect(get('/tours/', { authorization: 'Bearer x' })).toBeNull();
    expect(cacheKey({ method: 'POST', url: '/api/tours', headers: {} })).toBeNull();
    expect(get('/success/?booking=NAT-AAAAA-AAAAA')).toBeNull();
    expect(get('/api/admin/tours')).toBeNull();
  });
});
