import { Injectable } from '@nestjs/common';

import { clock } from '../common/clock';
import { LinkTokens } from '../common/links/link-tokens';
import { AppConfig } from '../config/app-config';
import { localizedPath, type Lang } from '../../shared/languages';

/** The link works a week past the departure's start (to show how it ended). */
const LINK_OUTLIVES_DEPARTURE_MS = 7 * 86_400_000;

/**
 * A waitlist entry's page, `${PUBLIC_URL}/waitlist/?token=…`, in the guest's language: the
 * token names the entry, signed with a key of its own; it shows the place in line, the offer and
 * its one-tap booking, and leaving. The same token unsubscribes from the line's mails.
 */
@Injectable()
export class WaitlistLinks {
  private tokens?: LinkTokens;

  constructor(private readonly config: AppConfig) {}

  token(entry: { id: number }, departure: { startsAt: Date }): string {
    return this.signer.issue(`wl${entry.id}`, new Date(departure.startsAt.getTime() + LINK_OUTLIVES_DEPARTURE_MS));
  }

  url(entry: { id: number; language: Lang }, departure: { startsAt: Date }): string {
    return `${this.config.publicUrl}${localizedPath(entry.language, '/waitlist/')}?token=${this.token(entry, departure)}`;
  }

  /** The one-click unsubscribe (RFC 8058) of the line's mails: it leaves the line. */
  unsubscribeUrl(entry: { id: number }, departure: { startsAt: Date }): string {
    return `${this.config.publicUrl}/api/waitlist/${this.token(entry, departure)}/unsubscribe`;
  }

  /** The entry a token names, or null when it is forged, mangled or past its end. */
  entryId(token: string, now = clock.now()): number | null {
    const named = this.signer.verify(token, now);
    const match = named ? /^wl(\d+)$/.exec(named) : null;
    return match ? Number(match[1]) : null;
  }

  private get signer(): LinkTokens {
    return (this.tokens ??= new LinkTokens(this.config.key('waitlist-link')));
  }
}
