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
    return (this.document ??= this.build());
  }

  /** The public endpoints only: no staff path, and no tag only staff endpoints use. */
  public(): OpenAPIObject {
    const whole = this.whole();
    const paths = Object.fromEntries(Object.entries(whole.paths).filter(([path]) => !path.startsWith(STAFF_API_PREFIX)));
    return { ...whole, info: { ...whole.info, description: 'Tours, departures, blog, FAQ, contact, bookings and payments.' }, paths };
  }
}
