import { Body, Get, HttpCode, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

import type { GiftCardEntryView, GiftCardView } from '../../../shared/admin-types';
import { formatGiftCardCode } from '../../../shared/gift-cards';
import { LANGUAGES, type Lang } from '../../../shared/languages';
import { clock } from '../../common/clock';
import { CleanText } from '../../common/text/plain-text';
import type { GiftCardEntry } from '../../gift-cards/gift-card-entry.entity';
import { GiftCardLedger } from '../../gift-cards/gift-card-ledger.service';
import { GiftCardLinks } from '../../gift-cards/gift-card-links';
import type { GiftCard } from '../../gift-cards/gift-card.entity';
import { CurrentAdmin, StaffController } from '../auth/admin-jwt.guard';
import type { AuthenticatedAdmin } from '../auth/admin-token';

export class GiftCardSearchQuery {
  @IsOptional()
  @IsString({ message: 'q måste vara text' })
  @MaxLength(254, { message: 'q får vara högst 254 tecken' })
  q?: string;
}

/** A card staff issue by hand: compensation for a cancelled night, a prize. */
export class IssueGiftCardDto {
  @ApiProperty({ example: 1000, description: 'Värdet i hela kronor' })
  @Type(() => Number)
  @IsInt({ message: 'Beloppet måste vara ett helt antal kronor' })
  @Min(50, { message: 'Beloppet måste vara minst 50 kr' })
  @Max(100_000, { message: 'Beloppet får vara högst 100 000 kr' })
  amountSek: number;

  @ApiProperty({ example: 'Ersättning för inställd norrskenstur 12/1' })
  @CleanText('line')
  @IsString({ message: 'Skriv varför kortet ges ut' })
  @MinLength(3, { message: 'Skriv varför kortet ges ut' })
  @MaxLength(500, { message: 'Anledningen får vara högst 500 tecken' })
  note: string;

  @ApiPropertyOptional({ example: 'Anna Berg' })
  @IsOptional()
  @CleanText('line')
  @IsString({ message: 'Mottagarens namn måste vara text' })
  @MaxLength(120, { message: 'Mottagarens namn får vara högst 120 tecken' })
  recipientName?: string;

  @ApiPropertyOptional({ example: 'anna@example.com' })
  @IsOptional()
  @IsEmail({}, { message: 'Mottagarens e-post måste vara en e-postadress' })
  @MaxLength(254, { message: 'Mottagarens e-post får vara högst 254 tecken' })
  recipientEmail?: string;

  @ApiPropertyOptional({ enum: LANGUAGES, example: 'sv' })
  @IsOptional()
  @IsIn(LANGUAGES, { message: 'Språket måste vara en, sv eller de' })
  language?: Lang;
}

export class VoidGiftCardDto {
  @ApiProperty({ example: 'Såld av misstag' })
  @CleanText('line')
  @IsString({ message: 'Skriv varför kortet makuleras' })
  @MinLength(3, { message: 'Skriv varför kortet makuleras' })
  @MaxLength(500, { message: 'Anledningen får vara högst 500 tecken' })
  note: string;
}

const sek = (ore: number) => ore / 100;

function cardView(card: GiftCard, printUrl: string, tourTitle: string | null, now = clock.now()): GiftCardView {
  return {
    printUrl,
    id: card.id,
    code: formatGiftCardCode(card.code),
    kind: card.kind,
    tour: card.tourId !== null && card.guests !== null ? { id: card.tourId, title: tourTitle ?? `tur ${card.tourId}`, guests: card.guests } : null,
    origin: card.origin,
    status: card.status,
    initialSek: sek(card.initialOre),
    balanceSek: sek(card.balanceOre),
    expiresAt: card.expiresAt.toISOString(),
    expired: card.expiresAt <= now,
    language: card.language,
    buyerName: card.buyerName,
    buyerEmail: card.buyerEmail,
    recipientName: card.recipientName,
    recipientEmail: card.recipientEmail,
    note: card.note,
    issuedBy: card.issuedBy,
    createdAt: card.createdAt.toISOString(),
    voidedAt: card.voidedAt?.toISOString() ?? null,
  };
}

const entryView = (entry: GiftCardEntry): GiftCardEntryView => ({
  id: entry.id,
  kind: entry.kind,
  amountSek: sek(entry.amountOre),
  balanceAfterSek: sek(entry.balanceAfterOre),
  bookingReference: entry.bookingReference,
  actor: entry.actor,
  note: entry.note,
  createdAt: entry.createdAt.toISOString(),
});

/** Gift cards as staff see them: found by code or email, issued by hand, voided, each with its history. */
@StaffController('api/admin/gift-cards')
export class StaffGiftCardsController {
  constructor(
    private readonly ledger: GiftCardLedger,
    private readonly links: GiftCardLinks,
  ) {}

  /** Cards as staff see them, with the titles of the tours named on them (one read). */
  private async views(cards: GiftCard[]): Promise<GiftCardView[]> {
    const tours = await this.ledger.toursOf(cards);
    return cards.map((card) => cardView(card, this.links.url(card), card.tourId === null ? null : (tours.get(card.tourId)?.title ?? null)));
  }

  private async view(card: GiftCard): Promise<GiftCardView> {
    return (await this.views([card]))[0];
  }

  @Get()
  @ApiOperation({ summary: 'Find gift cards by code or buyer\'s or recipient\'s email (all with a balance when q is empty)' })
  async search(@Query() query: GiftCardSearchQuery): Promise<{ data: GiftCardView[] }> {
    return { data: await this.views(await this.ledger.search(query.q ?? '')) };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Issue a gift card by hand (compensation, a prize): valid GIFT_CARD_VALID_MONTHS' })
  @ApiCreatedResponse({ description: 'The new card, with its code' })
  async issue(@Body() dto: IssueGiftCardDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<GiftCardView> {
    const card = await this.ledger.issue({ amountOre: dto.amountSek * 100, origin: 'staff', language: dto.language ?? 'sv', recipientName: dto.recipientName, recipientEmail: dto.recipientEmail, note: dto.note, issuedBy: admin.email });
    return this.view(card);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A gift card with every change of its balance' })
  @ApiNotFoundResponse({ description: 'No gift card has that id' })
  @ApiOkResponse({ description: '{ card, entries }: entries oldest first' })
  async card(@Param('id', ParseIntPipe) id: number): Promise<{ card: GiftCardView; entries: GiftCardEntryView[] }> {
    const { card, entries } = await this.ledger.withHistory(id);
    return { card: await this.view(card), entries: entries.map(entryView) };
  }

  @Post(':id/void')
  @HttpCode(200)
  @ApiOperation({ summary: 'Void a gift card: its balance goes, and it pays nothing more' })
  @ApiOkResponse({ description: 'The card, voided' })
  @ApiConflictResponse({ description: 'Already voided' })
  async void(@Param('id', ParseIntPipe) id: number, @Body() dto: VoidGiftCardDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<GiftCardView> {
    return this.view(await this.ledger.void(id, admin.email, dto.note));
  }
}
