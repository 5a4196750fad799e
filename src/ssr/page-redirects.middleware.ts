import type { NextFunction, Request, Response } from 'express';

import { legacyRedirect } from '../../shared/taxonomy';
import { isDecodablePath } from '../common/http/decodable-path';

const NOT_PAGES = /^\/(health|assets|images)(\/|$)/;

/** The site's API and the resellers' (OCTO): never a page. */
export const isApiPath = (path: string): boolean => /^\/(api|octo)(\/|$)/.test(path);

/**
 * Whether a GET for this path is a page (and so gets the trailing slash), not the API or a file.
 * An address that cannot be decoded is no page: it is not redirected (re-encoded into another
 * address) but answered with the 404 page.
 */
export function isPagePath(path: string): boolean {
  if (isApiPath(path) || NOT_PAGES.test(path) || !isDecodablePath(path)) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/** Whether a path has a capital letter outside its percent-escapes (whose hex digits may be either case). */
const hasCapital = (path: string): boolean => /[A-Z]/.test(path.replace(/%[0-9A-Fa-f]{2}/g, ''));

/**
 * The address a GET for `path` is answered at. Backslashes are slashes, as browsers read them, so
 * "/\evil.example/x" can never become an off-site redirect; one leading slash ("//tours/" is no
 * URL a router can read, and "//evil.example" is another site); and a page has its trailing
 * slash and is lower case, as every page's address is (/Tours/ and /SV/ are /tours/ and /sv/).
 */
export function canonicalAddress(path: string): string {
  const slashed = `/${path.replace(/\\/g, '/').replace(/^\/+/, '')}`;
  if (!isPagePath(slashed)) return slashed;
  const page = slashed.endsWith('/') ? slashed : `${slashed}/`;
  return hasCapital(page) ? page.toLowerCase() : page;
}

/**
 * Before any page renders: /login, /admin and /admin/* go to the admin paths (spec section 2),
 * and any other GET answers 301 to its canonical address when it is not at it.
 */
export function pageRedirects(request: Request, response: Response, next: NextFunction): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') return next();
  const path = request.path;
  const query = request.originalUrl.slice(request.originalUrl.indexOf('?') === -1 ? request.originalUrl.length : request.originalUrl.indexOf('?'));
  const legacy = legacyRedirect(path);
  if (legacy) return response.redirect(302, legacy);
  const canonical = canonicalAddress(path);
  if (canonical !== path) return response.redirect(301, `${canonical}${query}`);
  next();
}
