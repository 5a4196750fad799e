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

/**
 * Before any page renders: /login, /admin and /admin/* go to the admin paths (spec section 2),
 * and a page path without its trailing slash answers 301 to the path with it.
 */
export function pageRedirects(request: Request, response: Response, next: NextFunction): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') return next();
  const path = request.path;
  const query = request.originalUrl.slice(request.originalUrl.indexOf('?') === -1 ? request.originalUrl.length : request.originalUrl.indexOf('?'));
  const legacy = legacyRedirect(path);
  if (legacy) return response.redirect(302, legacy);
  if (!path.endsWith('/') && isPagePath(path)) {
    // Collapse leading slashes so "//evil.example" can never become an off-site redirect.
    return response.redirect(301, `/${path.replace(/^\/+/, '')}/${query}`);
  }
  // "//" and "//tours/" are no URLs a router can read: the same page, with one slash.
  if (/^\/{2,}/.test(path)) return response.redirect(301, `/${path.replace(/^\/+/, '')}${query}`);
  next();
}
