import type { DataRouteObject } from 'react-router-dom';

import { isLang, type Lang } from '../shared/languages';
import { ADMIN_BASE } from '../shared/taxonomy';

/** Which of the site's routes can match a path: a language's pages, or the staff's (with the English pages, whose 404 they fall back to). */
export type RouteGroup = Lang | 'admin';

const ADMIN_SEGMENT = ADMIN_BASE.slice(1).toLowerCase();

/** A path's first segment as the router reads paths: percent-decoded, in any case. */
function firstSegment(pathname: string): string {
  const first = pathname.split('/', 2)[1] ?? '';
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    // Not decodable: the router keeps it as it is, too.
    return first.toLowerCase();
  }
}

/** The group whose routes can match `pathname`: /sv/… and /de/… their language's, the admin's, or English. */
export function routeGroup(pathname: string): RouteGroup {
  const segment = firstSegment(pathname);
  if (segment === ADMIN_SEGMENT) return 'admin';
  return isLang(segment) ? segment : 'en';
}

/**
 * The site's routes (with their ids, as the browser's router has them) split by the paths they
 * can match: a Swedish route only ever matches /sv/…, an admin route only the admin's paths. A
 * server render matches a page against its group's routes only: matching tries each route in
 * turn, compiling its pattern, and is a fixed cost of every render.
 */
export function routesByGroup(routes: DataRouteObject[]): Record<RouteGroup, DataRouteObject[]> {
  // A route without a path of its own (a layout around all pages) could match any path: every group has it.
  const groupOf = (route: DataRouteObject) => (route.path ? routeGroup(route.path) : undefined);
  const inGroup = (name: RouteGroup) => (route: DataRouteObject) => {
    const group = groupOf(route);
    // A staff path no admin route matches is the English site's 404, as in the browser.
    return group === undefined || group === name || (name === 'admin' && group === 'en');
  };
  return { en: routes.filter(inGroup('en')), sv: routes.filter(inGroup('sv')), de: routes.filter(inGroup('de')), admin: routes.filter(inGroup('admin')) };
}
