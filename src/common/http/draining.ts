import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * Whether this replica is stopping. From SIGTERM until it closes it serves every request as
 * before, but says it is not ready (GET /health/ready answers 503, so the proxy's active health
 * checks take it out of rotation) and closes each connection after its answer (`Connection:
 * close`), so that the proxy keeps no idle connection to it that could break under a request when
 * it closes: the proxy's next request dials again, and once the replica no longer listens that
 * dial fails and the proxy tries the other replica.
 */
@Injectable()
export class Draining {
  private since: number | null = null;

  get draining(): boolean {
    return this.since !== null;
  }

  start(now = Date.now()): void {
    this.since ??= now;
  }

  readonly middleware = (_request: Request, response: Response, next: NextFunction): void => {
    if (this.since !== null) response.setHeader('Connection', 'close');
    next();
  };
}
