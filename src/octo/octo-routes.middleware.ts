import { Injectable, RequestMethod, type NestMiddleware } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { NextFunction, Request, Response } from 'express';

import type { OctoErrorBody } from './octo-errors';
import { OctoController } from './octo.controller';

/** The OCTO controller's routes, read from its own decorators: a path pattern and the methods it answers. */
function routesOf(controller: object): { pattern: RegExp; methods: string[] }[] {
  const byPath = new Map<string, Set<string>>();
  for (const name of Object.getOwnPropertyNames(controller)) {
    const handler = (controller as Record<string, unknown>)[name];
    if (typeof handler !== 'function' || name === 'constructor') continue;
    const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
    const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
    if (path === undefined || method === undefined) continue;
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(RequestMethod[method]);
    byPath.set(path, methods);
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: new RegExp(`^/octo/${path.replace(/^\//, '').replace(/:\w+/g, '[^/]+')}/?$`),
    methods: [...methods, ...(methods.has('GET') ? ['HEAD'] : [])],
  }));
}

/**
 * OCTO's answers for what it has no route for, before the router's own: an unknown path is a
 * 404, a known path asked with a method it does not answer a 405 naming the methods it does
 * (`Allow`), each with OCTO's error body.
 */
@Injectable()
export class OctoRoutesMiddleware implements NestMiddleware {
  private readonly routes = routesOf(OctoController.prototype);

  use(request: Request, response: Response, next: NextFunction): void {
    const path = request.originalUrl.split('?')[0]!;
    const route = this.routes.find((candidate) => candidate.pattern.test(path));
    if (route?.methods.includes(request.method) || request.method === 'OPTIONS') return next();
    const body: OctoErrorBody = route
      ? { error: 'BAD_REQUEST', errorMessage: `${request.method} is not allowed on ${path}; use ${route.methods.filter((method) => method !== 'HEAD').join(' or ')}.` }
      : { error: 'BAD_REQUEST', errorMessage: `There is no OCTO endpoint ${path}.` };
    if (route) response.setHeader('Allow', route.methods.join(', '));
    response.status(route ? 405 : 404).json(body);
  }
}
