import type { NextFunction, Request, Response } from 'express';

import { isPagePath, pageRedirects } from './page-redirects.middleware';

function run(method: string, originalUrl: string) {
  const path = originalUrl.split('?')[0];
  const redirect = jest.fn();
  const next = jest.fn() as NextFunction;
  pageRedirects({ method, path, originalUrl } as Request, { redirect } as unknown as Response, next);
  return { redirect, next };
}

describe(isPagePath.name, () => {
  it.each(['/tours', '/tours/abc', '/secure-admin-42'])('%s is a page', (path) => expect(isPagePath(path)).toBe(true));
  it.each(['/api/tours', '/health', '/robots.txt', '/sitemap.xml', '/assets/x.js', '/images/art/a.svg', '/%E0%A4%A', '/tours/%ZZ'])('%s is not a page', (path) =>
    expect(isPagePath(path)).toBe(false),
  );
});

describe(pageRedirects.name, () => {
  it('answers 301 to the trailing-slash form, keeping the query', () => {
    expect(run('GET', '/tours?location=Abisko').redirect).toHaveBeenCalledWith(301, '/tours/?location=Abisko');
  });

  it('never turns a double slash into an off-site redirect', () => {
    expect(run('GET', '//evil').redirect).toHaveBeenCalledWith(301, '/evil/');
  });

  it.each([
    ['//', '/'],
    ['//tours/?category=BBQ', '/tours/?category=BBQ'],
    ['///blog/', '/blog/'],
  ])('sends %s to its one-slash page %s', (from, to) => {
    expect(run('GET', from).redirect).toHaveBeenCalledWith(301, to);
  });

  it.each([
    ['/\\evil.example/x', '/evil.example/x/'],
    ['/\\evil.example', '/evil.example'],
    ['/\\/evil.example/', '/evil.example/'],
    ['/tours\\', '/tours/'],
  ])('reads the backslashes of %s as slashes, as a browser does, and never sends a visitor off the site', (from, to) => {
    const { redirect } = run('GET', from);
    expect(redirect).toHaveBeenCalledWith(301, to);
    expect(redirect.mock.calls[0][1]).not.toMatch(/^\/[\\/]/);
  });

  it.each([
    ['/Tours/', '/tours/'],
    ['/SV/', '/sv/'],
    ['/Sv/tours?location=Kiruna', '/sv/tours/?location=Kiruna'],
    ['/BLOG/Norrsken-I-Abisko/', '/blog/norrsken-i-abisko/'],
    ['/tours/%C3%A5X/', '/tours/%c3%a5x/'],
  ])('sends %s to its lower-case address %s, keeping the query as it was', (from, to) => {
    expect(run('GET', from).redirect).toHaveBeenCalledWith(301, to);
  });

  it('leaves the hex digits of a lower-case address and the API alone', () => {
    for (const url of ['/tours/%C3%A5/', '/api/Tours', '/images/art/Husky.svg', '/booking/manage/?token=AbC']) expect(run('GET', url).next).toHaveBeenCalled();
  });

  it.each([
    ['/login', '/secure-admin-42/login/'],
    ['/admin/', '/secure-admin-42/login/'],
    ['/admin/dashboard', '/secure-admin-42/dashboard/'],
    ['/admin/chat-logs/', '/secure-admin-42/chat-logs/'],
  ])('redirects %s to %s', (from, to) => {
    expect(run('GET', from).redirect).toHaveBeenCalledWith(302, to);
  });

  it('leaves pages with their slash, the API and other methods alone', () => {
    for (const [method, url] of [['GET', '/tours/'], ['GET', '/api/tours'], ['POST', '/tours']]) {
      const { redirect, next } = run(method, url);
      expect(redirect).not.toHaveBeenCalled();
      expect(next).toHaveBeenCalled();
    }
  });
});
