import { BadRequestException, ForbiddenException, HttpException, HttpStatus } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** Calls that change something; reads are never refused here. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Signed by Stripe and sent from Stripe's servers: no browser, no Origin, its own body format. */
const STRIPE_WEBHOOK = '/api/payments/stripe/webhook';
/** Staff photo uploads: multipart, as a file must be. */
const UPLOADS = '/api/admin/uploads';
/** The one-click unsubscribe links in mails a guest may stop (List-Unsubscribe-Post, RFC 8058). */
const ONE_CLICK_UNSUBSCRIBE = /^\/api\/(waitlist\/[^/]+\/unsubscribe|unsubscribe\/[^/]+)$/;

/** How deep a JSON body may nest: the deepest of ours (a tour with its images) is 3. */
export const MAX_BODY_DEPTH = 16;

const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');
const isStaffPath = (path: string): boolean => path.startsWith('/api/admin/') || path === '/api/admin';

/** The staff API answers in Swedish, the guests' in English. */
const say = (request: Request, english: string, swedish: string): string => (isStaffPath(request.path) ? swedish : english);

/**
 * Whether the browser says the request comes from another site: `Sec-Fetch-Site: cross-site`,
 * or an Origin that is neither PUBLIC_URL's nor the host the request was sent to (a proxy may
 * serve the site under more than one name). `Origin: null` (a sandboxed frame, a file) is another site too.
 */
export function isCrossSite(request: Pick<Request, 'headers'>, publicOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === publicOrigin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

/**
 * Writes to the API come from our own pages (or from a program, which sends no Origin) and
 * carry JSON: a hostile page's form can neither post as a visitor (403) nor send a body our
 * JSON parser would skip over (415). The Stripe webhook is exempt; uploads are multipart.
 */
export function guardApiWrites(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (!WRITES.has(request.method) || !isApiPath(request.path) || request.path === STRIPE_WEBHOOK) return next();
    if (isCrossSite(request, publicOrigin)) {
      return next(new ForbiddenException(say(request, 'Requests from other sites are not accepted.', 'Anrop från andra webbplatser tas inte emot.')));
    }
    const type = request.headers['content-type'];
    const hasBody = type !== undefined || Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    // A mail's one-click unsubscribe (RFC 8058) is posted as a form: `List-Unsubscribe=One-Click`, read by nobody.
    const accepted = request.path === UPLOADS ? /^multipart\/form-data\s*;/i : ONE_CLICK_UNSUBSCRIBE.test(request.path) ? /^application\/(json|x-www-form-urlencoded)\s*(;|$)/i : /^application\/json\s*(;|$)/i;
    if (hasBody && !accepted.test(type ?? '')) {
      const expected = request.path === UPLOADS ? 'multipart/form-data' : 'application/json';
      return next(
        new HttpException(
          say(request, `Send the request body as ${expected}.`, `Skicka anropets innehåll som ${expected}.`),
          HttpStatus.UNSUPPORTED_MEDIA_TYPE,
        ),
      );
    }
    next();
  };
}

/** A surrogate without its other half: not Unicode, and a URIError in anything that encodes it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Keys that would stand in for a value's own conversion to a string or a number. */
const CONVERSION_KEYS = new Set(['toString', 'valueOf', '__proto__', 'constructor', 'toJSON']);

/**
 * What is wrong with a parsed JSON body, or null when nothing is: too deep, a string that is
 * not well-formed Unicode (a lone surrogate), or an object posing as a value (`{ "toString": 1 }`).
 * `field` is the body's top-level field it is in ('(body)' for the body itself). Walked without
 * recursion, so no body can exhaust the stack.
 */
export function findMalformedJson(body: unknown, maxDepth = MAX_BODY_DEPTH): { field: string; problem: 'depth' | 'text' | 'object' } | null {
  const pending: { value: unknown; field: string; depth: number }[] = [{ value: body, field: '', depth: 0 }];
  while (pending.length) {
    const { value, field, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return { field, problem: 'text' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { field, problem: 'depth' };
    const topLevel = depth === 0 && !Array.isArray(value);
    for (const [key, child] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return { field, problem: 'text' };
      if (CONVERSION_KEYS.has(key)) return { field: field || key, problem: 'object' };
      pending.push({ value: child, field: topLevel ? key : field, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * After the JSON parser: a body the validation would choke on (a stack overflow, a URIError,
 * a TypeError) is a 400 that names the field, before any pipe sees it.
 */
export function refuseMalformedJson(request: Request, _response: Response, next: NextFunction): void {
  if (!WRITES.has(request.method) || typeof request.body !== 'object' || request.body === null) return next();
  const found = findMalformedJson(request.body);
  if (!found) return next();
  const field = found.field || '(body)';
  const message = {
    depth: say(request, `${field} is nested deeper than ${MAX_BODY_DEPTH} levels.`, `${field} är nästlat djupare än ${MAX_BODY_DEPTH} nivåer.`),
    text: say(request, `${field} contains text that is not valid Unicode.`, `${field} innehåller text som inte är giltig Unicode.`),
    object: say(request, `${field} must be a plain value, not an object.`, `${field} måste vara ett enkelt värde, inte ett objekt.`),
  }[found.problem];
  next(new BadRequestException({ statusCode: 400, error: 'Bad Request', message, fields: { [field]: [message] } }));
}
