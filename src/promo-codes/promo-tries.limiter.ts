import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';

import { overCodeTries } from '../common/throttling/code-tries';
import { PromoRefusedError } from './promo-rules';

/** Promo codes tried per address (CODE_TRIES an hour), on the booking page's check and in a booking request alike. */
@Injectable()
export class PromoTries {
  constructor(@InjectThrottlerStorage() private readonly storage: ThrottlerStorage) {}

  /** Counts one try; refuses it (429, in the guest's language) past the limit. */
  async consume(clientIp: string): Promise<void> {
    if (await overCodeTries(this.storage, 'promo-code', clientIp)) throw new PromoRefusedError('too-many-tries');
  }
}
