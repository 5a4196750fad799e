import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';

import { OctoError } from './octo-errors';
import type { Reseller } from './reseller.entity';
import { ResellersService } from './resellers.service';

const MINUTE_MS = 60_000;

/** The request's reseller, set by OctoAuthGuard. */
export const resellerOf = (request: Request): Reseller => (request as Request & { reseller: Reseller }).reseller;

/**
 * `Authorization: Bearer <key>`: the key must be a live reseller's (looked up on every call, so a
 * revoked key answers 401 at once everywhere), within its calls per minute (counted in the
 * throttler's storage: Redis when REDIS_URL is set, shared by the replicas).
 */
@Injectable()
export class OctoAuthGuard implements CanActivate {
  constructor(
    private readonly resellers: ResellersService,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const header = request.headers.authorization ?? '';
    const key = /^Bearer (\S+)$/i.exec(header)?.[1];
    if (!key) throw new OctoError('UNAUTHORIZED', 'Send your API key as Authorization: Bearer <key>.');
    const reseller = await this.resellers.byKey(key);
    if (!reseller) throw new OctoError('UNAUTHORIZED', 'This API key is not valid, or has been revoked.');
    const { isBlocked } = await this.storage.increment(`octo:${reseller.id}`, MINUTE_MS, reseller.requestsPerMinute, MINUTE_MS, 'octo');
    if (isBlocked) throw new OctoError('TOO_MANY_REQUESTS', `Your key is limited to ${reseller.requestsPerMinute} calls a minute. Please wait a moment.`);
    (request as Request & { reseller: Reseller }).reseller = reseller;
    return true;
  }
}
