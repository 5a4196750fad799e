import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';

import { overCodeTries } from '../common/throttling/code-tries';
import { GiftCardRefusedError } from './gift-card-ledger.service';
import type { Lang } from '../../shared/languages';

/** Gift card codes tried per address (CODE_TRIES an hour): against 59 bits a code, guessing gets nowhere. */
@Injectable()
export class GiftCardTries {
  constructor(@InjectThrottlerStorage() private readonly storage: ThrottlerStorage) {}

  /** Counts one try of a code; refuses it (429, in the guest's language) past the limit. */
  async consume(clientIp: string, lang: Lang): Promise<void> {
    if (await overCodeTries(this.storage, 'gift-card', clientIp)) throw new GiftCardRefusedError('guessing', lang);
  }
}
