import { createStaticHandler, matchRoutes } from 'react-router-dom';

import { routeGroup, routesByGroup } from './route-groups';
import { routes } from './routes';

const all = createStaticHandler(routes).dataRoutes;
const groups = routesByGroup(all);
const matchedIds = (routeList: typeof all, path: string) => matchRoutes(routeList, path)?.map((match) => match.route.id);

const PAGES = ['/', '/about/', '/tours/', '/tours/aurora-camp/', '/faq/', '/blog/', '/blog/a-post/', '/contact/', '/privacy/', '/book/3/', '/booking/', '/booking/manage/', '/payment-success/', '/no-such-page/'];
const PATHS = [
  ...PAGES.flatMap((page) => [page, `/sv${page}`, `/de${page}`]),
  ...['/secure-admin-42/', '/secure-admin-42/login/', '/secure-admin-42/tours/4/options/', '/secure-admin-42/nothing/', '/SECURE-ADMIN-42/bookings/', '/secure-admin-42'],
  // As the router reads them: any case, percent-decoded, with or without the slash.
  ...['/SV/tours/', '/De/blog/', '/%73v/faq/', '/sv', '/de', '/svx/', '/sv-se/tours/', '/tours/sv/', '/en/tours/', '/old-page.html', '/tours.php', '/%E0%A4%A/'],
];

describe('routesByGroup', () => {
  // The router warns of the undecodable path it is given on purpose.
  beforeAll(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());

  it("puts each language's routes in its group, and the admin's with the English ones", () => {
    expect(groups.sv.length + groups.de.length + groups.en.length + 1).toBe(all.length);
    expect(groups.sv.every((route) => route.path!.startsWith('/sv/'))).toBe(true);
    expect(groups.de.every((route) => route.path!.startsWith('/de/'))).toBe(true);
    expect(groups.en.map((route) => route.path)).toEqual(['/book/:tourId/', '/guide/', '/']);
    expect(groups.admin.map((route) => route.path)).toEqual(['/book/:tourId/', '/secure-admin-42/', '/guide/', '/']);
  });

  it.each(PATHS)('%s matches the same routes in its language as in the whole site', (path) => {
    expect(matchedIds(groups[routeGroup(path)], path)).toEqual(matchedIds(all, path));
  });

  it('reads the first segment as the router matches paths', () => {
    expect(['/sv/', '/SV/tours/', '/%73v/', '/sv'].map(routeGroup)).toEqual(['sv', 'sv', 'sv', 'sv']);
    expect(['/secure-admin-42/', '/Secure-Admin-42/login/', '/secure-admin-42'].map(routeGroup)).toEqual(['admin', 'admin', 'admin']);
    expect(['/', '/svx/', '/tours/sv/', '/%E0%A4%A/', '/secure-admin-4/'].map(routeGroup)).toEqual(['en', 'en', 'en', 'en', 'en']);
  });
});
