import { Injectable } from '@nestjs/common';

import { AppConfig } from '../config/app-config';
import { LinkTokens } from '../common/links/link-tokens';
import { localizedPath, type Lang } from '../../shared/languages';
import { clock } from '../common/clock';

/** A manage link works until a month after the trip (for the calendar entry and receipts). */
const LINK_OUTLIVES_TRIP_MS = 30 * 86_400_000;

@Injectable()
export class ManageLinks {
  private tokens?: LinkTokens;

  constructor(private readonly config: AppConfig) {}

  /** The guest's personal link to a booking. */
  url(booking: { reference: string; departure: { startsAt: string }; language?: Lang }): string {
    const token = this.signer.issue(booking.reference, new Date(new Date(booking.departure.startsAt).getTime() + LINK_OUTLIVES_TRIP_MS));
    return this.page(token, booking.language ?? 'en');
  }

  /** The manage page of a link's token, in the language the guest booked in. */
  page(token: string, language: Lang): string {
    return `${this.config.publicUrl}${localizedPath(language, '/booking/manage/')}?token=${token}`;
  }

  /** The reference a token names, or null. */
  reference(token: string, now = clock.now()): string | null {
    return this.signer.verify(token, now);
  }

  private get signer(): LinkTokens {
    return (this.tokens ??= new LinkTokens(this.config.key('booking-manage-link')));
  }
}
