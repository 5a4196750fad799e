import { BadRequestException } from '@nestjs/common';

import type { Lang } from '../../../shared/languages';

/** An error that says why in each of the site's languages: the exception filter answers a guest in the request's. */
export interface Worded {
  readonly texts: Record<Lang, string>;
}

export const isWorded = (error: unknown): error is Worded =>
  typeof error === 'object' && error !== null && 'texts' in error && typeof (error as Worded).texts?.en === 'string';

/** 400 with its reason in each language (a rule the booking page checks too, whose words it shares). */
export class GuestRefusal extends BadRequestException implements Worded {
  constructor(readonly texts: Record<Lang, string>) {
    super(texts.en);
  }
}
