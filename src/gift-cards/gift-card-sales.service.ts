import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TZDate } from '@date-fns/tz';
import { DataSource, EntityManager } from 'typeorm';

import { clock } from '../common/clock';
import { describeError } from '../common/jobs/due-work';
import { writeTransaction } from '../database/transactions';
import { StripeService } from '../stripe/stripe.service';
import { COMPANY, formatSekIn } from '../../shared/company';
import { formatGiftCardCode, type GiftCardPrintView, type GiftCardPurchaseRequest } from '../../shared/gift-cards';
import { GiftCardLedger } from './gift-card-ledger.service';
import { GiftCardLinks } from './gift-card-links';
import { GiftCardMails } from './gift-card-mails';
import type { GiftCard } from './gift-card.entity';
import { tourFacts, tourOnSale, type TourFacts } from '../tours/tour-options';

/** A Checkout Session for a gift card stays open as long as Stripe allows at least. */
const SESSION_MINUTES = 31;

/** Stripe's word on a gift card's payment (checkout.session.completed). */
export interface GiftCardPayment {
  sessionId: string;
  paid: boolean;
  amountOre: number | null;
  currency: string | null;
}

/** The instant a day (`2026-12-24`) begins in Kiruna: when the recipient's mail goes out. */
function kirunaMorning(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, date, COMPANY.timeZone).getTime());
}

/**
 * Gift cards sold on the site: a pending card and a Checkout Session for its value; Stripe's
 * word that it is paid activates the card (once, whatever the redeliveries) and writes its mails
 * in the same transaction.
 */
@Injectable()
export class GiftCardSales {
  private readonly logger = new Logger(GiftCardSales.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stripe: StripeService,
    private readonly ledger: GiftCardLedger,
    private readonly mails: GiftCardMails,
    private readonly links: GiftCardLinks,
  ) {}

  /** A card for sale: pending until paid; answers Stripe's page to pay it on. */
  async start(request: GiftCardPurchaseRequest, now = clock.now()): Promise<{ redirectUrl: string }> {
    if (!this.stripe.enabled) throw new ConflictException('Gift cards are sold by card payment, which is not set up here. Please call us to buy one.');
    const sendAt = request.sendOn ? kirunaMorning(request.sendOn) : null;
    if (sendAt && sendAt.getTime() > now.getTime() + 366 * 86_400_000) throw new BadRequestException({ message: 'sendOn must be within a year', fields: { sendOn: ['sendOn must be within a year'] } });
    const value = await this.valueOf(request);
    const card = await this.ledger.createPending(
      {
        amountOre: value.amountOre,
        ...(value.tour ? { tourId: value.tour.id, guests: value.guests! } : {}),
        language: request.language,
        buyerName: request.buyerName,
        buyerEmail: request.buyerEmail,
        recipientName: request.recipientName ?? null,
        recipientEmail: request.recipientEmail ?? null,
        message: request.message ?? null,
        // A day already begun in Kiruna (today): at once.
        sendAt: sendAt && sendAt > now ? sendAt : null,
      },
      now,
    );
    const page = this.links.url(card);
    let session: Awaited<ReturnType<StripeService['createGiftCardSession']>>;
    try {
      session = await this.stripe.createGiftCardSession({
        giftCardId: card.id,
        email: request.buyerEmail,
        name: value.tour ? `Norrsken Arctic Tours gift card: ${value.tour.title}, ${value.guests} × ${formatSekIn(request.language, value.tour.priceSek)}` : `Norrsken Arctic Tours gift card, ${formatSekIn(request.language, value.amountOre / 100)}`,
        amountOre: card.initialOre,
        language: request.language,
        expiresAt: new Date(now.getTime() + SESSION_MINUTES * 60_000),
        successUrl: `${page}&paid=1`,
        cancelUrl: page.replace(/\/card\/\?token=.*$/, '/'),
      });
    } catch (error) {
      this.logger.error(`Stripe could not open a Checkout Session for gift card ${card.id}: ${describeError(error)}`);
      throw new ServiceUnavailableException('We could not open the card payment page just now. Please try again in a moment.');
    }
    if (!session.url) throw new ServiceUnavailableException('We could not open the card payment page just now. Please try again in a moment.');
    await this.ledger.noteSession(card.id, session.id);
    return { redirectUrl: session.url };
  }

  /**
   * Stripe's word that a card's session is paid: the card activated and its mails written, with
   * the event recorded, in one transaction under the card's lock. A payment of another amount or
   * currency leaves the card pending and is logged for staff (our own session names the amount).
   */
  async recordPayment(payment: GiftCardPayment, recordEventOnce: (manager: EntityManager) => Promise<boolean>, now = clock.now()): Promise<'confirmed' | 'duplicate' | 'unchanged'> {
    return writeTransaction(this.dataSource, async (manager) => {
      const card = await this.ledger.lockBySession(manager, payment.sessionId);
      if (!card) return 'unchanged';
      if (!(await recordEventOnce(manager))) return 'duplicate';
      if (!payment.paid) return 'unchanged';
      if (payment.amountOre !== card.initialOre || (payment.currency ?? '').toLowerCase() !== 'sek') {
        this.logger.error(`Gift card ${card.id}: Stripe reports ${payment.amountOre} ${payment.currency}, the card is worth ${card.initialOre} öre SEK; left unpaid for staff`);
        return 'unchanged';
      }
      if (!(await this.ledger.activate(manager, card, now))) return 'duplicate';
      await this.mails.paid(manager, card, now, await this.tourOf(card, manager));
      return 'confirmed';
    });
  }

  /** What a card bought is worth: the amount asked, or a named tour's price for its guests today (an active tour on sale; 404 otherwise). */
  private async valueOf(request: GiftCardPurchaseRequest): Promise<{ amountOre: number; tour: TourFacts | null; guests: number | null }> {
    if (!request.tourSlug) return { amountOre: request.amountSek! * 100, tour: null, guests: null };
    const tour = await tourOnSale(this.dataSource.manager, request.tourSlug);
    if (!tour) throw new NotFoundException({ message: `There is no tour called "${request.tourSlug}".`, fields: { tourSlug: ['tourSlug must be a tour we sell'] } });
    const guests = request.guests ?? 1;
    return { amountOre: tour.priceSek * guests * 100, tour, guests };
  }

  /** A card's printable page, by its signed link: null when the link is bad. */
  async printView(token: string, now = clock.now()): Promise<GiftCardPrintView | null> {
    const id = this.links.cardId(token, now);
    const card = id === null ? null : await this.ledger.find(id);
    return card ? printView(card, now, await this.tourOf(card)) : null;
  }

  /** The tour a card for a named tour is for (its title, slug and VAT rate), or null. */
  async tourOf(card: Pick<GiftCard, 'tourId'>, manager: EntityManager = this.dataSource.manager): Promise<TourFacts | null> {
    return card.tourId === null ? null : ((await tourFacts(manager, [card.tourId])).get(card.tourId) ?? null);
  }
}

export function printView(card: GiftCard, now: Date, tour: Pick<TourFacts, 'title' | 'slug'> | null): GiftCardPrintView {
  return {
    status: card.status,
    code: card.status === 'pending' ? null : formatGiftCardCode(card.code),
    amountSek: card.initialOre / 100,
    balanceSek: card.balanceOre / 100,
    expiresAt: card.expiresAt.toISOString(),
    expired: card.expiresAt <= now,
    recipientName: card.recipientName,
    buyerName: card.buyerName,
    message: card.message,
    language: card.language,
    tour: tour && card.guests !== null ? { title: tour.title, slug: tour.slug, guests: card.guests } : null,
  };
}
