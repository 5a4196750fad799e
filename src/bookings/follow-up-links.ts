import { Injectable } from '@nestjs/common';

import { clock } from '../common/clock';
import { LinkTokens } from '../common/links/link-tokens';
import { AppConfig } from '../config/app-config';
import { localizedPath, type Lang } from '../../shared/languages';

/** A recovery link lapses 48 hours after its mail. */
export const RECOVERY_LINK_MS = 48 * 3_600_000;
/** A rating link works for 60 days. */
const RATING_LINK_MS = 60 * 86_400_000;

/**
 * The links of a booking's follow-up mails, each signed with a key of its own and naming the
 * booking by id: the recovery mail's (`/recover/?token=…`, restores the booking page's choices,
 * once, for 48 hours), and the rating mail's (`/rate/?token=…&score=N`, one tap per score).
 */
@Injectable()
export class FollowUpLinks {
  private tokens?: LinkTokens;

  constructor(private readonly config: AppConfig) {}

  recoveryUrl(booking: { id: number; language: Lang }, now = clock.now()): string {
    const token = this.signer.issue(`rc${booking.id}`, new Date(now.getTime() + RECOVERY_LINK_MS));
    return `${this.config.publicUrl}${localizedPath(booking.language, '/recover/')}?token=${token}`;
  }

  /** The booking a recovery token names, or null when it is forged, mangled or past its 48 hours. */
  recoveryId(token: string, now = clock.now()): number | null {
    const match = /^rc(\d+)$/.exec(this.signer.verify(token, now) ?? '');
    return match ? Number(match[1]) : null;
  }

  /** The rating page with `score` chosen (the mail's one tap), for 60 days. */
  rateUrl(booking: { id: number; language: Lang }, score: number, now = clock.now()): string {
    const token = this.signer.issue(`rt${booking.id}`, new Date(now.getTime() + RATING_LINK_MS));
    return `${this.config.publicUrl}${localizedPath(booking.language, '/rate/')}?token=${token}&score=${score}`;
  }

  /** The booking a rating token names, or null. */
  ratedId(token: string, now = clock.now()): number | null {
    const match = /^rt(\d+)$/.exec(this.signer.verify(token, now) ?? '');
    return match ? Number(match[1]) : null;
  }

  private get signer(): LinkTokens {
    return (this.tokens ??= new LinkTokens(this.config.key('follow-up-link')));
  }
}
