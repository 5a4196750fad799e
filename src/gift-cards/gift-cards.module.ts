import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { MailModule } from '../mail/mail.module';
import { StripeModule } from '../stripe/stripe.module';
import { GiftCardEntry } from './gift-card-entry.entity';
import { GiftCardLedger } from './gift-card-ledger.service';
import { GiftCardLinks } from './gift-card-links';
import { GiftCardMails } from './gift-card-mails';
import { GiftCardSales } from './gift-card-sales.service';
import { GiftCardTries } from './gift-card-tries.limiter';
import { GiftCard } from './gift-card.entity';
import { GiftCardsController } from './gift-cards.controller';

/** Gift cards: sold on the site, their ledger (the one place a balance changes), their links, and the limit on codes tried. */
@Module({
  imports: [TypeOrmModule.forFeature([GiftCard, GiftCardEntry]), StripeModule, MailModule],
  controllers: [GiftCardsController],
  providers: [GiftCardLedger, GiftCardTries, GiftCardLinks, GiftCardMails, GiftCardSales],
  exports: [GiftCardLedger, GiftCardTries, GiftCardLinks, GiftCardSales],
})
export class GiftCardsModule {}
