import type { Request } from 'express';

import { findMalformedJson, isCrossSite, MAX_BODY_DEPTH } from './request-guards';

describe(findMalformedJson.name, () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 1;
    for (let level = 0; level < depth; level++) value = [value];
    return value;
  };

  it('passes ordinary bodies, nested as deep as ours are', () => {
    expect(findMalformedJson({ title: 'Aurora', images: [{ url: '/uploads/a.jpg', alt: 'Norrsken' }], emoji: '🌌' })).toBeNull();
    expect(findMalformedJson({ list: nested(MAX_BODY_DEPTH - 1) })).toBeNull();
  });

  it('finds a body nested too deep, 3,000 levels without exhausting the stack', () => {
    expect(findMalformedJson(nested(3000))).toEqual({ field: '', problem: 'depth' });
    expect(findMalformedJson({ guests: nested(3000) })).toEqual({ field: 'guests', problem: 'depth' });
  });

  it('finds a lone surrogate in a value or a key, and names the field', () => {
    expect(findMalformedJson({ email: '\ud800@x.se' })).toEqual({ field: 'email', problem: 'text' });
    expect(findMalformedJson({ email: '\uffff\ud800' })).toEqual({ field: 'email', problem: 'text' });
    expect(findMalformedJson({ images: [{ alt: 'x\udc00' }] })).toEqual({ field: 'images', problem: 'text' });
    expect(findMalformedJson({ ['\ud800']: 1 })).toEqual({ field: '', problem: 'text' });
  });

  it('finds an object posing as a value', () => {
    expect(findMalformedJson({ departureId: { toString: 1 } })).toEqual({ field: 'departureId', problem: 'object' });
    expect(findMalformedJson(JSON.parse('{"guests":{"__proto__":{"x":1}}}'))).toEqual({ field: 'guests', problem: 'object' });
    expect(findMalformedJson({ valueOf: 2 })).toEqual({ field: 'valueOf', problem: 'object' });
  });
});

describe(isCrossSite.name, () => {
  const asked = (headers: Record<string, string>) => ({ headers: { host: 'tours.example', ...headers } }) as unknown as Request;
  const own = 'https://norrsken.example';

  it('takes a request without Origin (a program) or from our own origin or host', () => {
    expect(isCrossSite(asked({}), own)).toBe(false);
    expect(isCrossSite(asked({ origin: own }), own)).toBe(false);
    expect(isCrossSite(asked({ origin: 'http://tours.example' }), own)).toBe(false);
    expect(isCrossSite(asked({ 'sec-fetch-site': 'same-origin', origin: own }), own)).toBe(false);
  });

  it('refuses another site, a null origin, a garbled one, and what the browser calls cross-site', () => {
    expect(isCrossSite(asked({ origin: 'https://evil.example' }), own)).toBe(true);
    expect(isCrossSite(asked({ origin: 'null' }), own)).toBe(true);
    expect(isCrossSite(asked({ origin: '::' }), own)).toBe(true);
    expect(isCrossSite(asked({ 'sec-fetch-site': 'cross-site' }), own)).toBe(true);
  });
});
