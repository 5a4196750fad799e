import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { COMPANY, COMPANY_PHONE, formatSekIn, officeHoursIn } from '../../shared/company';
import { vatInOre } from '../../shared/vat';
import { formatGiftCardCode } from '../../shared/gift-cards';
import { dateTimeFormat } from '../../shared/intl-formats';
import { INTL_LOCALES, type Lang } from '../../shared/languages';
import { serverStrings } from '../common/i18n/strings';
import { composeMail } from '../mail/mail-layout';
import { MailOutbox } from '../mail/mail-outbox.service';
import type { GiftCard } from './gift-card.entity';
import { GiftCardLinks } from './gift-card-links';
import de from './mail-strings/de.json';
import en from './mail-strings/en.json';
import sv from './mail-strings/sv.json';

const strings = serverStrings({ en, sv, de });
const longDate = (lang: Lang, at: Date) => dateTimeFormat(INTL_LOCALES[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: COMPANY.timeZone }).format(at);

/**
 * A bought gift card's mails, in the buyer's language, written in the transaction that
 * activates the card: the buyer's receipt with the card's page, and the recipient's card, sent
 * on the day the buyer chose (the outbox sends a mail no sooner than it is due).
 */
@Injectable()
export class GiftCardMails {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly links: GiftCardLinks,
  ) {}

  /** `tour`: the named tour of a card for one (its title and VAT rate), or null for a card for any tour. */
  async paid(manager: EntityManager, card: GiftCard, now: Date, tour: { title: string; vatRate: number } | null = null): Promise<void> {
    const lang = card.language;
    const say = strings(lang);
    const amount = formatSekIn(lang, card.initialOre / 100);
    const until = longDate(lang, card.expiresAt);
    const url = this.links.url(card);
    const questions = say('questions', { phone: COMPANY_PHONE, hours: officeHoursIn(lang) });
    const forTour = tour && card.guests !== null ? say('fact.tourValue', { tour: tour.title, guests: card.guests }) : null;
    const facts: [string, string][] = [
      ...(forTour ? [[say('fact.tour'), forTour] as [string, string]] : []),
      [say('fact.value'), amount],
      [say('fact.code'), formatGiftCardCode(card.code)],
      [say('fact.validUntil'), until],
    ];
    const sendAt = card.sendAt && card.sendAt > now ? card.sendAt : now;
    if (card.buyerEmail) {
      const toRecipient = card.recipientEmail ? (sendAt > now ? say('bought.toRecipient', { recipient: card.recipientName ?? card.recipientEmail, date: longDate(lang, sendAt) }) : say('bought.toRecipientNow', { recipient: card.recipientName ?? card.recipientEmail })) : null;
      await this.outbox.enqueue(
        manager,
        composeMail(card.buyerEmail, say('bought.subject', { amount }), {
          lang,
          tagline: say('tagline'),
          preview: say('bought.preview'),
          paragraphs: [say('bought.thanks', { name: card.buyerName ?? '', amount }), ...(toRecipient ? [toRecipient] : []), say('bought.print', { date: until })],
          facts: [...facts, [say('fact.paid'), amount]],
          // A card for any tour is a multi-purpose voucher (EU VAT directive, art. 30a-30b): VAT when it is used, not when sold; one for a named tour is a single-purpose voucher, its VAT charged now.
          sections: [
            {
              title: say('receipt.title'),
              items: [
                say('receipt.seller', { name: COMPANY.legalName, org: COMPANY.orgNumber, vat: COMPANY.vatNumber }),
                tour ? say('receipt.tourVoucher', { rate: tour.vatRate, vat: formatSekIn(lang, vatInOre(card.initialOre, tour.vatRate) / 100) }) : say('receipt.voucher'),
              ],
            },
          ],
          action: { label: say('action.card'), url },
          closing: [questions],
        }),
        { topic: 'gift-card.bought' },
        now,
      );
    }
    if (card.recipientEmail) {
      const buyer = card.buyerName;
      await this.outbox.enqueue(
        manager,
        composeMail(card.recipientEmail, buyer ? say('received.subject', { buyer }) : say('received.subjectAnonymous'), {
          lang,
          tagline: say('tagline'),
          preview: say('received.preview', { amount }),
          greeting: say('received.hello', { name: card.recipientName ?? '' }),
          paragraphs: [
            buyer ? say('received.text', { buyer, amount }) : say('received.textAnonymous', { amount }),
            ...(card.message ? [say('received.message', { message: card.message })] : []),
            say('received.howTo', { date: until }),
          ],
          facts,
          action: { label: say('action.card'), url },
          closing: [questions],
        }),
        { topic: 'gift-card.received' },
        // On the day chosen (the outbox sends no mail before it is due), else now.
        sendAt,
      );
    }
  }
}
