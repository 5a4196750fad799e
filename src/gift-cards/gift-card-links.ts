import { Injectable } from '@nestjs/common';

import { clock } from '../common/clock';
import { LinkTokens } from '../common/links/link-tokens';
import { AppConfig } from '../config/app-config';
import { localizedPath, type Lang } from '../../shared/languages';

/** The printable page works a year past the card's end (to show what it was). */
const LINK_OUTLIVES_CARD_MS = 365 * 86_400_000;

/**
 * A gift card's printable page, `${PUBLIC_URL}/gift-cards/card/?token=…`, in the card's
 * language: the token names the card (never its code), signed with a key of its own.
 */
@Injectable()
export class GiftCardLinks {
  private tokens?: LinkTokens;

  constructor(private readonly config: AppConfig) {}

  url(card: { id: number; language: Lang; expiresAt: Date }): string {
    const token = this.signer.issue(`gc${card.id}`, new Date(card.expiresAt.getTime() + LINK_OUTLIVES_CARD_MS));
    return `${this.config.publicUrl}${localizedPath(card.language, '/gift-cards/card/')}?token=${token}`;
  }

  /** The card a token names, or null when it is forged, mangled or past its end. */
  cardId(token: string, now = clock.now()): number | null {
    const named = this.signer.verify(token, now);
    const match = named ? /^gc(\d+)$/.exec(named) : null;
    return match ? Number(match[1]) : null;
  }

  private get signer(): LinkTokens {
    return (this.tokens ??= new LinkTokens(this.config.key('gift-card-link')));
  }
}
