import { Body, Controller, Get, Header, HttpCode, NotFoundException, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiServiceUnavailableResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';

import { CleanText } from '../common/text/plain-text';
import { GIFT_CARD_MAX_SEK, GIFT_CARD_MIN_SEK, GIFT_CARD_TOUR_MAX_GUESTS, type GiftCardPrintView, type GiftCardPurchaseRequest } from '../../shared/gift-cards';
import { LANGUAGES, type Lang } from '../../shared/languages';
import { GiftCardSales } from './gift-card-sales.service';
import { IsLocalDate } from '../common/pipes/is-local-date';

const AMOUNT = `amountSek must be a whole number of kronor from ${GIFT_CARD_MIN_SEK} to ${GIFT_CARD_MAX_SEK}`;
const GUESTS = `guests must be a whole number from 1 to ${GIFT_CARD_TOUR_MAX_GUESTS} with a tour`;

export class GiftCardPurchaseDto implements GiftCardPurchaseRequest {
  @ApiPropertyOptional({ example: 1000, minimum: GIFT_CARD_MIN_SEK, maximum: GIFT_CARD_MAX_SEK, description: 'A value for any tour; or give tourSlug and guests' })
  @ValidateIf((dto: GiftCardPurchaseDto) => dto.tourSlug === undefined)
  @Type(() => Number)
  @IsInt({ message: AMOUNT })
  @Min(GIFT_CARD_MIN_SEK, { message: AMOUNT })
  @Max(GIFT_CARD_MAX_SEK, { message: AMOUNT })
  amountSek?: number;

  @ApiPropertyOptional({ example: 'northern-lights-car-chase-kiruna', description: "A named tour: the card is worth its price for `guests` on the day it is bought, and pays only for that tour" })
  @IsOptional()
  @IsString({ message: 'tourSlug must be the name of a tour in its address' })
  @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'tourSlug must be the name of a tour in its address' })
  @MaxLength(200, { message: 'tourSlug must be the name of a tour in its address' })
  tourSlug?: string;

  @ApiPropertyOptional({ example: 2, minimum: 1, maximum: GIFT_CARD_TOUR_MAX_GUESTS, description: 'With tourSlug: how many guests the card is for' })
  @ValidateIf((dto: GiftCardPurchaseDto) => dto.tourSlug !== undefined || dto.guests !== undefined)
  @Type(() => Number)
  @IsInt({ message: GUESTS })
  @Min(1, { message: GUESTS })
  @Max(GIFT_CARD_TOUR_MAX_GUESTS, { message: GUESTS })
  guests?: number;

  @ApiProperty({ example: 'Erik Lind' })
  @CleanText('line')
  @IsString({ message: 'buyerName is required' })
  @IsNotEmpty({ message: 'buyerName is required' })
  @MaxLength(120, { message: 'buyerName must be at most 120 characters' })
  buyerName: string;

  @ApiProperty({ example: 'erik@example.com' })
  @CleanText('line')
  @IsEmail({}, { message: 'buyerEmail must be a valid email address' })
  @MaxLength(254, { message: 'buyerEmail must be at most 254 characters' })
  buyerEmail: string;

  @ApiPropertyOptional({ example: 'Anna Berg', description: 'Required with recipientEmail' })
  @CleanText('line')
  @ValidateIf((dto: GiftCardPurchaseDto) => dto.recipientName !== undefined || dto.recipientEmail !== undefined)
  @IsString({ message: 'recipientName is required when the card is mailed to someone' })
  @IsNotEmpty({ message: 'recipientName is required when the card is mailed to someone' })
  @MaxLength(120, { message: 'recipientName must be at most 120 characters' })
  recipientName?: string;

  @ApiPropertyOptional({ example: 'anna@example.com', description: 'Mailed the card (on sendOn); none: the buyer gives it' })
  @IsOptional()
  @CleanText('line')
  @IsEmail({}, { message: 'recipientEmail must be a valid email address' })
  @MaxLength(254, { message: 'recipientEmail must be at most 254 characters' })
  recipientEmail?: string;

  @ApiPropertyOptional({ example: 'Happy birthday! Let us go and see the lights.' })
  @IsOptional()
  @CleanText('lines')
  @IsString({ message: 'message must be text' })
  @MaxLength(300, { message: 'message must be at most 300 characters' })
  message?: string;

  @ApiPropertyOptional({ example: '2026-12-24', description: 'The day (Kiruna) the recipient is mailed the card, within a year; none: at once' })
  @IsOptional()
  @IsLocalDate({ message: 'sendOn must be a date such as 2026-12-24' })
  sendOn?: string;

  @ApiProperty({ enum: LANGUAGES, example: 'en' })
  @IsIn(LANGUAGES, { message: 'language must be one of en, sv, de' })
  language: Lang;
}

@ApiTags('gift-cards')
@Controller('api/gift-cards')
export class GiftCardsController {
  constructor(private readonly sales: GiftCardSales) {}

  @Post()
  @HttpCode(201)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 10, ttl: 10 * 60_000 } })
  @ApiOperation({ summary: 'Buy a gift card: answers Stripe Checkout to pay it; the card is mailed when paid' })
  @ApiBadRequestResponse({ description: 'A bad field; `fields` names each one' })
  @ApiTooManyRequestsResponse({ description: 'Too many purchases started from this address' })
  @ApiConflictResponse({ description: 'Card payments are not set up here (gift cards are sold by card only)' })
  @ApiServiceUnavailableResponse({ description: 'Stripe did not answer' })
  start(@Body() dto: GiftCardPurchaseDto): Promise<{ redirectUrl: string }> {
    return this.sales.start(dto);
  }

  @Get('card/:token')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'A gift card as its printable page shows it, by its signed link' })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired' })
  @ApiOkResponse({ description: 'The card: its code (once paid), value, balance, end, recipient and message' })
  async card(@Param('token') token: string): Promise<GiftCardPrintView> {
    const view = await this.sales.printView(token);
    if (!view) throw new NotFoundException('This gift card link is not valid. Please use the link from your email.');
    return view;
  }
}
