import { BadRequestException, ConflictException, HttpException, HttpStatus, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, DataSource, EntityManager, In, MoreThan } from 'typeorm';

import { AuditLogService } from '../common/audit/audit-log.service';
import { clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { isDuplicateKey, supportsRowLocks, writeTransaction } from '../database/transactions';
import { GIFT_CARD_REFUSALS, normalizeGiftCardCode, type GiftCardRefusal } from '../../shared/gift-cards';
import type { Lang } from '../../shared/languages';
import { newGiftCardCode } from './gift-card-codes';
import { GiftCardEntry } from './gift-card-entry.entity';
import { GiftCard } from './gift-card.entity';
import { tourFacts, type TourFacts } from '../tours/tour-options';

/** A code that cannot pay, and why: answered 400 (404 for an unknown code) in the guest's language. */
export class GiftCardRefusedError extends HttpException {
  constructor(
    readonly reason: GiftCardRefusal,
    lang: Lang = 'en',
  ) {
    const status = reason === 'unknown' ? HttpStatus.NOT_FOUND : reason === 'guessing' ? HttpStatus.TOO_MANY_REQUESTS : HttpStatus.BAD_REQUEST;
    super({ statusCode: status, message: GIFT_CARD_REFUSALS[reason][lang], error: 'Gift card refused', reason }, status);
  }

  /** The same refusal in another language. */
  inLanguage(lang: Lang): GiftCardRefusedError {
    return new GiftCardRefusedError(this.reason, lang);
  }

  /** A `.catch` that words a card's refusal in `lang` and passes anything else on as it was. */
  static wordedIn(lang: Lang): (error: unknown) => never {
    return (error) => {
      throw error instanceof GiftCardRefusedError ? error.inLanguage(lang) : error;
    };
  }
}

/** Who a ledger entry is about: the booking a card paid or was paid back for. */
export interface LedgerBooking {
  id: number;
  reference: string;
}

/** What a new card is: its value, and for whom. */
export interface NewGiftCard {
  amountOre: number;
  /** A card for a named tour (a single-purpose voucher): the tour and its guests. */
  tourId?: number;
  guests?: number;
  origin: 'staff' | 'purchase';
  language: Lang;
  recipientName?: string | null;
  recipientEmail?: string | null;
  buyerName?: string | null;
  buyerEmail?: string | null;
  message?: string | null;
  note?: string | null;
  issuedBy?: string | null;
}

/**
 * The one place a gift card's balance changes. Every change is one ledger entry written in the
 * same transaction as the balance, on the card's row locked (SELECT … FOR UPDATE on MySQL; on
 * SQLite the one writer), and spending is a conditional update on the balance it read: two
 * bookings spending one card at once never take more than it holds.
 */
@Injectable()
export class GiftCardLedger {
  private readonly logger = new Logger(GiftCardLedger.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** A new card, valid GIFT_CARD_VALID_MONTHS from now, with its issue in the ledger. */
  async issue(card: NewGiftCard, now = clock.now()): Promise<GiftCard> {
    if (!Number.isInteger(card.amountOre) || card.amountOre <= 0) throw new BadRequestException('Ett presentkort måste ha ett belopp över 0 kr.');
    return writeTransaction(this.dataSource, async (manager) => {
      const saved = await this.insertCard(manager, card, { origin: card.origin, status: 'active', balanceOre: card.amountOre, expiresAt: this.validUntil(now), note: card.note ?? null, issuedBy: card.issuedBy ?? null });
      await this.entry(manager, saved, 'issue', card.amountOre, null, card.issuedBy ?? 'system', card.note ?? null);
      if (card.issuedBy) await AuditLogService.recordWith(manager, card.issuedBy, 'gift-card.issue', `gift-card:${saved.id}`, { amountSek: card.amountOre / 100, endsWith: saved.code.slice(-4), note: card.note ?? null });
      return saved;
    });
  }

  /**
   * A card bought on the site, before it is paid: its code drawn, no balance, paying nothing
   * until `activate` (Stripe's word that it is paid).
   */
  async createPending(card: Omit<NewGiftCard, 'origin' | 'issuedBy' | 'note'> & { sendAt: Date | null }, now = clock.now()): Promise<GiftCard> {
    return writeTransaction(this.dataSource, (manager) => this.insertCard(manager, card, { origin: 'purchase', status: 'pending', balanceOre: 0, expiresAt: this.validUntil(now), sendAt: card.sendAt }));
  }

  /** A card row under a fresh code (two codes of 59 bits alike is all but impossible; another is drawn if it happens). */
  private async insertCard(manager: EntityManager, card: Omit<NewGiftCard, 'origin' | 'issuedBy' | 'note'>, fields: Partial<GiftCard>): Promise<GiftCard> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await manager.save(
          manager.create(GiftCard, {
            code: newGiftCardCode(),
            kind: card.tourId ? 'tour' : 'amount',
            tourId: card.tourId ?? null,
            guests: card.guests ?? null,
            initialOre: card.amountOre,
            language: card.language,
            recipientName: card.recipientName ?? null,
            recipientEmail: card.recipientEmail?.toLowerCase() ?? null,
            buyerName: card.buyerName ?? null,
            buyerEmail: card.buyerEmail?.toLowerCase() ?? null,
            message: card.message ?? null,
            ...fields,
          }),
        );
      } catch (error) {
        if (!isDuplicateKey(error) || attempt >= 3) throw error;
        this.logger.warn('Gift card code clash; drawing another');
      }
    }
  }

  /** The Checkout Session a bought card is paid through, by which Stripe's word finds it. */
  async noteSession(id: number, sessionId: string): Promise<void> {
    await this.dataSource.getRepository(GiftCard).update({ id, status: 'pending' }, { stripeSessionId: sessionId });
  }

  /**
   * A bought card paid: its balance is its value and it pays from now, valid GIFT_CARD_VALID_MONTHS
   * from the payment; the issue is in the ledger. Only a pending card (the caller holds its row
   * locked): answers false when it was activated already.
   */
  async activate(manager: EntityManager, card: GiftCard, now: Date): Promise<boolean> {
    const expiresAt = this.validUntil(now);
    const done = await manager.update(GiftCard, { id: card.id, status: 'pending' }, { status: 'active', balanceOre: card.initialOre, paidAt: now, expiresAt });
    if (done.affected !== 1) return false;
    Object.assign(card, { status: 'active', balanceOre: card.initialOre, paidAt: now, expiresAt });
    await this.entry(manager, card, 'issue', card.initialOre, null, card.buyerEmail ?? 'guest', 'Köpt på webbplatsen');
    return true;
  }

  /** The card a Checkout Session pays, its row locked. */
  lockBySession(manager: EntityManager, sessionId: string): Promise<GiftCard | null> {
    return this.lock(manager, { stripeSessionId: sessionId });
  }

  /** The card by id, read (nothing locked). */
  find(id: number): Promise<GiftCard | null> {
    return this.dataSource.getRepository(GiftCard).findOneBy({ id });
  }

  private validUntil(now: Date): Date {
    const end = new Date(now);
    end.setUTCMonth(end.getUTCMonth() + this.config.giftCardValidMonths);
    return end;
  }

  /**
   * The card a typed code names, its row locked for the rest of the transaction, if it can pay
   * now: refused (GiftCardRefusedError) when the code is unknown, the card voided, expired or empty.
   */
  async lockUsable(manager: EntityManager, typed: string, now: Date, tourId: number): Promise<GiftCard> {
    const code = normalizeGiftCardCode(typed);
    const card = code ? await this.lock(manager, { code }) : null;
    if (!card) throw new GiftCardRefusedError('unknown');
    this.assertUsable(card, now);
    // A card for a named tour (a single-purpose voucher) pays only for that tour.
    if (card.kind === 'tour' && card.tourId !== tourId) throw new GiftCardRefusedError('other-tour');
    return card;
  }

  /** The card by id, its row locked for the rest of the transaction. */
  async lockById(manager: EntityManager, id: number): Promise<GiftCard> {
    const card = await this.lock(manager, { id });
    if (!card) throw new NotFoundException(`Det finns inget presentkort med id ${id}.`);
    return card;
  }

  /** Whether a locked card can pay now; throws the reason it cannot. */
  assertUsable(card: GiftCard, now: Date): void {
    // A card bought and not paid yet has been given to nobody: as if there were none.
    if (card.status === 'pending') throw new GiftCardRefusedError('unknown');
    if (card.status === 'void') throw new GiftCardRefusedError('void');
    if (card.expiresAt <= now) throw new GiftCardRefusedError('expired');
    if (card.balanceOre <= 0) throw new GiftCardRefusedError('empty');
  }

  /**
   * Spends `amountOre` of a locked card on a booking: taken only if the balance it read is still
   * there (a conditional update), so a lost race takes nothing. Answers the ledger entry's id.
   */
  async spend(manager: EntityManager, card: GiftCard, amountOre: number, booking: LedgerBooking, now: Date): Promise<number> {
    this.assertUsable(card, now);
    if (!Number.isInteger(amountOre) || amountOre <= 0 || amountOre > card.balanceOre) throw new GiftCardRefusedError('empty');
    const taken = await manager
      .createQueryBuilder()
      .update(GiftCard)
      .set({ balanceOre: () => `balance_ore - ${amountOre}` })
      .where('id = :id AND balance_ore = :balance AND status = :status', { id: card.id, balance: card.balanceOre, status: 'active' })
      .execute();
    if (taken.affected !== 1) throw new ConflictException('The gift card changed at the same moment. Please try again.');
    card.balanceOre -= amountOre;
    return this.entry(manager, card, 'redeem', -amountOre, booking, 'guest', null);
  }

  /** Money a booking no longer needs, back onto the card it came from (a cancellation, a cheaper change). */
  async giveBack(manager: EntityManager, cardId: number, amountOre: number, booking: LedgerBooking, note: string, now = clock.now()): Promise<{ entryId: number; card: GiftCard }> {
    const card = await this.lockById(manager, cardId);
    // Money that comes back to a card whose term has ended would be lost with it: the card is good for a new term from today.
    const renewed = card.status === 'active' && card.expiresAt <= now ? this.validUntil(now) : null;
    await manager.update(GiftCard, { id: card.id }, { balanceOre: card.balanceOre + amountOre, ...(renewed ? { expiresAt: renewed } : {}) });
    card.balanceOre += amountOre;
    if (renewed) card.expiresAt = renewed;
    const entryId = await this.entry(manager, card, 'refund', amountOre, booking, 'system', renewed ? `${note}; giltigt igen till ${renewed.toISOString().slice(0, 10)}` : note);
    return { entryId, card };
  }

  /** A card staff void (sold in error, fraud): its balance goes, in the ledger; it pays nothing more. */
  async void(id: number, by: string, note: string, now = clock.now()): Promise<GiftCard> {
    return writeTransaction(this.dataSource, async (manager) => {
      const card = await this.lockById(manager, id);
      if (card.status === 'void') throw new ConflictException('Presentkortet är redan makulerat.');
      await manager.update(GiftCard, { id: card.id, status: card.status }, { status: 'void', balanceOre: 0, voidedAt: now, note });
      await this.entry(manager, { ...card, balanceOre: 0 }, 'void', -card.balanceOre, null, by, note);
      await AuditLogService.recordWith(manager, by, 'gift-card.void', `gift-card:${card.id}`, { balanceSek: card.balanceOre / 100, note });
      return { ...card, status: 'void' as const, balanceOre: 0, voidedAt: now, note };
    });
  }

  /** A card with its history, oldest first. */
  /** The ledger's entries made in [from, to), oldest first, each with its card's origin: what the books need of the cards. */
  async entriesBetween(from: Date, to: Date): Promise<{ id: number; giftCardId: number; kind: GiftCardEntry['kind']; amountOre: number; bookingId: number | null; createdAt: Date; origin: GiftCard['origin']; tourVatRate: number | null }[]> {
    const entries = await this.dataSource.getRepository(GiftCardEntry).find({ where: { createdAt: Between(from, new Date(to.getTime() - 1)) }, relations: { giftCard: true }, order: { id: 'ASC' } });
    const tours = await this.toursOf(entries.map((entry) => entry.giftCard!));
    return entries.map((entry) => ({ id: entry.id, giftCardId: entry.giftCardId, kind: entry.kind, amountOre: entry.amountOre, bookingId: entry.bookingId, createdAt: entry.createdAt, origin: entry.giftCard!.origin, tourVatRate: entry.giftCard!.tourId === null ? null : (tours.get(entry.giftCard!.tourId)?.vatRate ?? 25) }));
  }

  /**
   * The cards among these that are for a named tour (single-purpose vouchers, their VAT charged
   * when sold): what they pay for a booking, and what comes back onto them, is no sale of its own.
   */
  async tourCardIds(ids: readonly number[]): Promise<Set<number>> {
    const cards = ids.length ? await this.dataSource.getRepository(GiftCard).find({ where: { id: In([...new Set(ids)]), kind: 'tour' }, select: { id: true } }) : [];
    return new Set(cards.map((card) => card.id));
  }

  /** The tours named on these cards (a card for any tour names none), by id: their titles for staff, their VAT rates for the books. */
  toursOf(cards: readonly Pick<GiftCard, 'tourId'>[]): Promise<Map<number, TourFacts>> {
    return tourFacts(this.dataSource.manager, cards.flatMap((card) => (card.tourId === null ? [] : [card.tourId])));
  }

  async withHistory(id: number): Promise<{ card: GiftCard; entries: GiftCardEntry[] }> {
    const card = await this.find(id);
    if (!card) throw new NotFoundException(`Det finns inget presentkort med id ${id}.`);
    const entries = await this.dataSource.getRepository(GiftCardEntry).find({ where: { giftCardId: id }, order: { id: 'ASC' } });
    return { card, entries };
  }

  /** Cards by code (as typed), buyer's or recipient's email, newest first; all with a balance when `query` is empty. */
  async search(query: string, limit = 100): Promise<GiftCard[]> {
    const repository = this.dataSource.getRepository(GiftCard);
    const text = query.trim().toLowerCase();
    const code = normalizeGiftCardCode(query);
    if (!text) return repository.find({ where: { balanceOre: MoreThan(0) }, order: { id: 'DESC' }, take: limit });
    return repository.find({
      where: [...(code ? [{ code }] : []), { buyerEmail: text }, { recipientEmail: text }],
      order: { id: 'DESC' },
      take: limit,
    });
  }

  /** The cards a guest bought or was given, as the privacy export lists them (the code's last four characters only: the rest pays). */
  async heldAbout(email: string): Promise<Record<string, unknown>[]> {
    const cards = await this.cardsOf(this.dataSource.manager, email);
    return cards.map((card) => ({
      endsWith: card.code.slice(-4),
      role: card.buyerEmail === email.toLowerCase() ? 'buyer' : 'recipient',
      balanceSek: card.balanceOre / 100,
      expiresAt: card.expiresAt.toISOString(),
      buyerName: card.buyerName,
      buyerEmail: card.buyerEmail,
      recipientName: card.recipientName,
      recipientEmail: card.recipientEmail,
      message: card.message,
      createdAt: card.createdAt.toISOString(),
    }));
  }

  /** A guest's details gone from their cards; the balances and their history stay (money is not personal data). Answers how many cards. */
  async forget(email: string): Promise<number> {
    const address = email.toLowerCase();
    return writeTransaction(this.dataSource, async (manager) => {
      const cards = await this.cardsOf(manager, address);
      for (const card of cards) {
        await manager.update(GiftCard, { id: card.id }, {
          ...(card.buyerEmail === address ? { buyerEmail: null, buyerName: null } : {}),
          ...(card.recipientEmail === address ? { recipientEmail: null, recipientName: null } : {}),
          message: null,
        });
      }
      return cards.length;
    });
  }

  private cardsOf(manager: EntityManager, email: string): Promise<GiftCard[]> {
    const address = email.toLowerCase();
    return manager.find(GiftCard, { where: [{ buyerEmail: address }, { recipientEmail: address }], order: { id: 'ASC' } });
  }

  private async lock(manager: EntityManager, where: { id: number } | { code: string } | { stripeSessionId: string }): Promise<GiftCard | null> {
    return manager.findOne(GiftCard, { where, ...(supportsRowLocks(this.dataSource) ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  private async entry(manager: EntityManager, card: Pick<GiftCard, 'id' | 'balanceOre'>, kind: GiftCardEntry['kind'], amountOre: number, booking: LedgerBooking | null, actor: string, note: string | null): Promise<number> {
    const saved = await manager.save(
      manager.create(GiftCardEntry, { giftCardId: card.id, kind, amountOre, balanceAfterOre: card.balanceOre, bookingId: booking?.id ?? null, bookingReference: booking?.reference ?? null, actor, note: note?.slice(0, 500) ?? null }),
    );
    return saved.id;
  }
}
