import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';

/** Where the staff API lives; its endpoints are documented for signed-in staff only. */
export const STAFF_API_PREFIX = '/api/admin';

/**
 * The OpenAPI documents, built once on first use (after every route is registered): the whole
 * API for signed-in staff, and the public part that `/api/docs` shows anyone.
 */
@Injectable()
export class ApiDocuments {
  private build?: () => OpenAPIObject;
  private document?: OpenAPIObject;

  /** Called by configureApp with the Swagger builder. */
  buildWith(build: () => OpenAPIObject): void {
    this.build = build;
  }

  /** Everything, the staff endpoints too. */
  whole(): OpenAPIObject {
    if (!this.build) throw new Error('ApiDocuments.buildWith() was not called');
    return (this.document ??= completed(this.build()));
  }

  /** The public endpoints only: no staff path, and no schema only staff endpoints use. */
  public(): OpenAPIObject {
    const whole = this.whole();
    const paths = Object.fromEntries(Object.entries(whole.paths).filter(([path]) => !path.startsWith(STAFF_API_PREFIX)));
    const schemas = whole.components?.schemas ?? {};
    const used = referencedSchemas(paths, schemas);
    // No public operation needs the staff's bearer token.
    const { securitySchemes: _staffOnly, ...components } = whole.components ?? {};
    return {
      ...whole,
      info: { ...whole.info, description: 'Tours, departures, blog, FAQ, contact, bookings and payments.' },
      paths,
      components: { ...components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) },
    };
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** What Nest's builder leaves out: an operation without a bearer requirement is public, and says so (`security: []`). */
function completed(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation && !operation.security) operation.security = [];
    }
  }
  return document;
}

/** The schemas these paths refer to, and those they refer to in turn. */
function referencedSchemas(paths: OpenAPIObject['paths'], schemas: Record<string, unknown>): Set<string> {
  const used = new Set<string>();
  const pending: unknown[] = [paths];
  while (pending.length) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const name = key === '$ref' && typeof child === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(child)?.[1] : undefined;
        if (name && !used.has(name)) {
          used.add(name);
          pending.push(schemas[name]);
        } else pending.push(child);
      }
    }
  }
  return used;
}
