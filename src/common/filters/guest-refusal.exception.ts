import { BadRequestException } from '@nestjs/common';

import type { Lang } from '../../../shared/languages';

/**
 * 400 with its reason written in each of the site's languages (a rule the booking page checks
 * too, whose words it shares): the exception filter answers in the request's language.
 */
export class GuestRefusal extends BadRequestException {
  constructor(readonly texts: Record<Lang, string>) {
    super(texts.en);
  }
}
