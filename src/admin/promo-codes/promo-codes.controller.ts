import { BadRequestException, Body, Get, HttpCode, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';

import type { PromoCodeView } from '../../../shared/admin-types';
import { normalizePromoCode, PROMO_CODE_PATTERN, type PromoKind } from '../../../shared/promo-codes';
import { clock } from '../../common/clock';
import { CleanText } from '../../common/text/plain-text';
import { PromoRedemption, type PromoUsage } from '../../bookings/lifecycle/promo-redemption';
import { PromoCodeBook } from '../../promo-codes/promo-code-book.service';
import type { PromoCode } from '../../promo-codes/promo-code.entity';
import { CurrentAdmin, StaffController } from '../auth/admin-jwt.guard';
import type { AuthenticatedAdmin } from '../auth/admin-token';
import { IsLocalDate } from '../../common/pipes/is-local-date';

const DAY_MESSAGE = 'Datum skrivs ÅÅÅÅ-MM-DD';

/** A code as staff create it. */
export class CreatePromoCodeDto {
  @ApiProperty({ example: 'WINTER10', description: '3–30 bokstäver och siffror (mellanslag och bindestreck tas bort, versaler)' })
  @IsString({ message: 'Koden måste vara text' })
  @Matches(/^[A-Za-z0-9 -]{3,40}$/, { message: 'Koden är 3–30 bokstäver (A–Z) och siffror' })
  code: string;

  @ApiProperty({ enum: ['percent', 'amount'] })
  @IsIn(['percent', 'amount'], { message: 'Typen är percent (procent) eller amount (kronor)' })
  kind: PromoKind;

  @ApiProperty({ example: 10, description: 'Procent (1–100) eller kronor' })
  @Type(() => Number)
  @IsInt({ message: 'Värdet måste vara ett heltal' })
  @Min(1, { message: 'Värdet måste vara minst 1' })
  @Max(100_000, { message: 'Värdet får vara högst 100 000' })
  value: number;

  @ApiPropertyOptional({ type: [Number], description: 'Turerna den gäller (tom: alla)' })
  @IsOptional()
  @IsArray({ message: 'tourIds måste vara en lista med tur-id' })
  @ArrayMaxSize(100, { message: 'tourIds får ha högst 100 turer' })
  @IsInt({ each: true, message: 'tourIds måste vara en lista med tur-id' })
  tourIds?: number[];

  @ApiPropertyOptional({ type: [String], description: 'Priskategorierna den gäller, t.ex. adult (tom: alla)' })
  @IsOptional()
  @IsArray({ message: 'categories måste vara en lista med priskategorier' })
  @ArrayMaxSize(20, { message: 'categories får ha högst 20 priskategorier' })
  @Matches(/^[a-z][a-z0-9-]{0,29}$/, { each: true, message: 'categories måste vara priskategorier som adult eller child' })
  categories?: string[];

  @ApiPropertyOptional({ example: '2026-12-01', description: 'Första bokningsdag (Kirunatid)' })
  @IsOptional()
  @IsLocalDate({ message: DAY_MESSAGE })
  bookFrom?: string;

  @ApiPropertyOptional({ example: '2026-12-31', description: 'Sista bokningsdag' })
  @IsOptional()
  @IsLocalDate({ message: DAY_MESSAGE })
  bookUntil?: string;

  @ApiPropertyOptional({ example: '2027-01-01', description: 'Första turdag' })
  @IsOptional()
  @IsLocalDate({ message: DAY_MESSAGE })
  tourFrom?: string;

  @ApiPropertyOptional({ example: '2027-03-31', description: 'Sista turdag' })
  @IsOptional()
  @IsLocalDate({ message: DAY_MESSAGE })
  tourUntil?: string;

  @ApiPropertyOptional({ example: 100, description: 'Bokningar den får finnas på (hållna eller bekräftade); tom: obegränsat' })
  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @Type(() => Number)
  @IsInt({ message: 'maxUses måste vara ett heltal' })
  @Min(1, { message: 'maxUses måste vara minst 1' })
  maxUses?: number | null;

  @ApiPropertyOptional({ example: 1, description: 'Samma per gästens e-post' })
  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @Type(() => Number)
  @IsInt({ message: 'maxUsesPerEmail måste vara ett heltal' })
  @Min(1, { message: 'maxUsesPerEmail måste vara minst 1' })
  maxUsesPerEmail?: number | null;

  @ApiPropertyOptional({ example: 2, default: 1, description: 'Minsta sällskap (gäster)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'minGuests måste vara ett heltal' })
  @Min(1, { message: 'minGuests måste vara minst 1' })
  @Max(50, { message: 'minGuests får vara högst 50' })
  minGuests?: number;

  @ApiPropertyOptional({ example: 'Nyhetsbrev december' })
  @IsOptional()
  @CleanText('line')
  @IsString({ message: 'Anteckningen måste vara text' })
  @MaxLength(200, { message: 'Anteckningen får vara högst 200 tecken' })
  note?: string;
}

function codeView(promo: PromoCode, usage: PromoUsage | undefined): PromoCodeView {
  return {
    id: promo.id,
    code: promo.code,
    kind: promo.kind,
    value: promo.value,
    tourIds: promo.tourIds,
    categories: promo.categories,
    bookFrom: promo.bookFrom,
    bookUntil: promo.bookUntil,
    tourFrom: promo.tourFrom,
    tourUntil: promo.tourUntil,
    maxUses: promo.maxUses,
    maxUsesPerEmail: promo.maxUsesPerEmail,
    minGuests: promo.minGuests,
    paused: promo.paused,
    note: promo.note,
    createdAt: promo.createdAt.toISOString(),
    uses: usage?.uses ?? 0,
    confirmed: usage?.confirmed ?? 0,
    discountSek: usage?.discountSek ?? 0,
  };
}

/** Promo codes as staff see them: created, paused and resumed (each in the audit log), with their use. */
@StaffController('api/admin/promo-codes')
export class StaffPromoCodesController {
  constructor(
    private readonly book: PromoCodeBook,
    private readonly redemption: PromoRedemption,
  ) {}

  private async views(codes: PromoCode[]): Promise<PromoCodeView[]> {
    const usage = await this.redemption.usage(codes.map((promo) => promo.id), clock.now());
    return codes.map((promo) => codeView(promo, usage.get(promo.id)));
  }

  @Get()
  @ApiOkResponse({ description: '{ data }: the codes' })
  @ApiOperation({ summary: 'Every promo code, newest first, with its use: bookings held or confirmed with it, those confirmed, and the discount they got' })
  async list(): Promise<{ data: PromoCodeView[] }> {
    return { data: await this.views(await this.book.list()) };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a promo code' })
  @ApiCreatedResponse({ description: 'The new code' })
  @ApiConflictResponse({ description: 'The code exists already' })
  @ApiBadRequestResponse({ description: 'A bad field (`fields` names each one), a percentage over 100, or a first day after the last' })
  async create(@Body() dto: CreatePromoCodeDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<PromoCodeView> {
    if (!PROMO_CODE_PATTERN.test(normalizePromoCode(dto.code))) throw new BadRequestException('Koden är 3–30 bokstäver (A–Z) och siffror.');
    if (dto.kind === 'percent' && dto.value > 100) throw new BadRequestException('En procentrabatt kan vara högst 100 %.');
    for (const [from, until, what] of [[dto.bookFrom, dto.bookUntil, 'bokningsdag'], [dto.tourFrom, dto.tourUntil, 'turdag']] as const) {
      if (from && until && from > until) throw new BadRequestException(`Första ${what} är efter den sista.`);
    }
    const [view] = await this.views([await this.book.create(dto, admin.email)]);
    return view;
  }

  @Post(':id/pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pause a promo code: refused until resumed; bookings made with it keep their discount' })
  @ApiOkResponse({ description: 'The code, paused' })
  @ApiNotFoundResponse({ description: 'No promo code has that id' })
  async pause(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<PromoCodeView> {
    const [view] = await this.views([await this.book.setPaused(id, true, admin.email)]);
    return view;
  }

  @Post(':id/resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resume a paused promo code' })
  @ApiOkResponse({ description: 'The code, active again' })
  @ApiNotFoundResponse({ description: 'No promo code has that id' })
  async resume(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<PromoCodeView> {
    const [view] = await this.views([await this.book.setPaused(id, false, admin.email)]);
    return view;
  }
}
