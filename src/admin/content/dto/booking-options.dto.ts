import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateIf, ValidateNested } from 'class-validator';

import type { PickupPointInput, TourBookingOptions } from '../../../../shared/admin-types';
import type { PriceCategoryRule } from '../../../../shared/pricing';
import type { QuestionKind, QuestionView, QuestionWhen } from '../../../../shared/questions';
import { VAT_RATES } from '../../../../shared/vat';
import { MAX_GROUP_SIZE } from '../../../../shared/taxonomy';
import { CleanText } from '../../../common/text/plain-text';
import { NOT_NULL } from './content.dto';

const CODE = /^[a-z][a-z0-9-]{0,29}$/;
const int = (field: string, min: number, max: number) => [
  Type(() => Number),
  IsInt({ message: `${field} måste vara ett heltal från ${min} till ${max}` }),
  Min(min, { message: `${field} måste vara ett heltal från ${min} till ${max}` }),
  Max(max, { message: `${field} måste vara ett heltal från ${min} till ${max}` }),
];
const optionalInt = (field: string, min: number, max: number) => [ValidateIf((_dto: object, value: unknown) => value !== null), ...int(field, min, max)];
const apply = (...decorators: PropertyDecorator[]): PropertyDecorator => (target, key) => decorators.forEach((decorator) => decorator(target, key));

export class PriceCategoryDto implements PriceCategoryRule {
  @ApiProperty({ example: 'child' })
  @Matches(CODE, { message: 'code måste vara små bokstäver, siffror och bindestreck, till exempel child' })
  code: string;

  @ApiProperty({ example: 'Child (4-12)' })
  @CleanText('line')
  @IsString({ message: 'name krävs' })
  @MinLength(1, { message: 'name krävs' })
  @MaxLength(80, { message: 'name får vara högst 80 tecken' })
  name: string;

  @ApiProperty({ example: 975 })
  @apply(...int('priceSek', 0, 100_000))
  priceSek: number;

  @ApiPropertyOptional({ enum: VAT_RATES, nullable: true, description: 'Its own VAT rate in percent; null or absent: the tour\'s' })
  @ValidateIf((_dto: object, value: unknown) => value !== null && value !== undefined)
  @IsIn(VAT_RATES, { message: 'vatRate måste vara 25, 12 eller 6 (procent), eller null för turens' })
  vatRate?: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 4 })
  @apply(...optionalInt('ageMin', 0, 120))
  ageMin: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 12 })
  @apply(...optionalInt('ageMax', 0, 120))
  ageMax: number | null;

  @ApiProperty({ example: 1, description: 'Seats one takes: 0 for an infant on a lap, 4 for a family unit' })
  @apply(...int('seatsPerUnit', 0, MAX_GROUP_SIZE))
  seatsPerUnit: number;

  @ApiProperty({ example: 1 })
  @apply(...int('guestsPerUnit', 1, MAX_GROUP_SIZE))
  guestsPerUnit: number;

  @ApiProperty({ example: 0 })
  @apply(...int('minPerBooking', 0, MAX_GROUP_SIZE))
  minPerBooking: number;

  @ApiProperty({ type: Number, nullable: true, example: null })
  @apply(...optionalInt('maxPerBooking', 1, MAX_GROUP_SIZE))
  maxPerBooking: number | null;

  @ApiProperty()
  @IsBoolean({ message: 'isAdult måste vara true eller false' })
  isAdult: boolean;

  @ApiProperty()
  @IsBoolean({ message: 'needsAdult måste vara true eller false' })
  needsAdult: boolean;

  @ApiProperty()
  @IsBoolean({ message: 'isDefault måste vara true eller false' })
  isDefault: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'adult2.child2', description: 'A ticket for a party: whom one replaces, as category codes with counts (adult2.child2); null for a category of its own' })
  @ValidateIf((_dto: object, value: unknown) => value !== null && value !== undefined)
  @Matches(/^[a-z][a-z0-9-]{0,29}?\d{1,2}(\.[a-z][a-z0-9-]{0,29}?\d{1,2}){0,5}$/, { message: 'bundleOf skrivs som koder med antal, till exempel adult2.child2' })
  bundleOf: string | null = null;
}

export class QuestionDto implements QuestionView {
  @ApiProperty({ example: 'weight' })
  @Matches(/^[a-z][a-z0-9-]{0,39}$/, { message: 'code måste vara små bokstäver, siffror och bindestreck, till exempel weight' })
  code: string;

  @ApiProperty({ example: 'Weight' })
  @CleanText('line')
  @IsString({ message: 'label krävs' })
  @MinLength(1, { message: 'label krävs' })
  @MaxLength(200, { message: 'label får vara högst 200 tecken' })
  label: string;

  @ApiProperty({ enum: ['text', 'number', 'choice', 'yesno'] })
  @IsIn(['text', 'number', 'choice', 'yesno'], { message: 'kind måste vara text, number, choice eller yesno' })
  kind: QuestionKind;

  @ApiProperty({ type: String, nullable: true, example: 'kg' })
  @ValidateIf((_dto, value) => value !== null)
  @IsString({ message: 'unit måste vara text' })
  @MaxLength(20, { message: 'unit får vara högst 20 tecken' })
  unit: string | null;

  @ApiProperty({ type: [String], nullable: true, example: null })
  @ValidateIf((_dto, value) => value !== null)
  @IsArray({ message: 'choices måste vara en lista' })
  @ArrayMaxSize(20, { message: 'högst 20 alternativ' })
  @IsString({ each: true, message: 'choices måste vara text' })
  @MaxLength(80, { each: true, message: 'ett alternativ får vara högst 80 tecken' })
  choices: string[] | null;

  @ApiProperty()
  @IsBoolean({ message: 'perGuest måste vara true eller false' })
  perGuest: boolean;

  @ApiProperty({ enum: ['booking', 'before'] })
  @IsIn(['booking', 'before'], { message: 'askedAt måste vara booking eller before' })
  askedAt: QuestionWhen;

  @ApiProperty()
  @IsBoolean({ message: 'required måste vara true eller false' })
  required: boolean;

  @ApiProperty({ type: Number, nullable: true })
  @apply(...optionalInt('min', -100_000, 100_000))
  min: number | null;

  @ApiProperty({ type: Number, nullable: true })
  @apply(...optionalInt('max', -100_000, 100_000))
  max: number | null;
}

export class BookingOptionsDto implements TourBookingOptions {
  @ApiProperty({ type: [PriceCategoryDto] })
  @IsArray({ message: 'priceCategories måste vara en lista' })
  @ArrayMinSize(1, { message: 'minst en priskategori krävs' })
  @ArrayMaxSize(12, { message: 'högst 12 priskategorier' })
  @ValidateNested({ each: true })
  @Type(() => PriceCategoryDto)
  priceCategories: PriceCategoryDto[];

  @ApiProperty({ type: [QuestionDto] })
  @IsArray({ message: 'questions måste vara en lista' })
  @ArrayMaxSize(20, { message: 'högst 20 frågor' })
  @ValidateNested({ each: true })
  @Type(() => QuestionDto)
  questions: QuestionDto[];

  @ApiProperty({ type: [Number], example: [1, 2] })
  @IsArray({ message: 'pickupPointIds måste vara en lista' })
  @ArrayMaxSize(100, { message: 'högst 100 upphämtningsplatser' })
  @Type(() => Number)
  @IsInt({ each: true, message: 'pickupPointIds måste vara heltal' })
  pickupPointIds: number[];

  @ApiProperty({ type: Number, nullable: true, example: 2 })
  @apply(...optionalInt('minGuests', 1, MAX_GROUP_SIZE))
  minGuests: number | null;

  @ApiProperty({ example: 24 })
  @apply(...int('decisionHours', 1, 336))
  decisionHours: number;

  @ApiProperty({ example: 2 })
  @apply(...int('pickupCutoffHours', 0, 168))
  pickupCutoffHours: number;

  @ApiProperty({ example: 24 })
  @apply(...int('answersDueHours', 0, 168))
  answersDueHours: number;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 30, description: 'A deposit the guest may pay by card now, as a share of the total (1–99 %); null: none. Left out: unchanged.' })
  @ValidateIf((_dto: object, value: unknown) => value !== null && value !== undefined)
  @apply(...int('depositPercent', 1, 99))
  depositPercent?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 1500, description: 'A deposit as an amount per booking, in kronor; null: none. At most one of the two. Left out: unchanged.' })
  @ValidateIf((_dto: object, value: unknown) => value !== null && value !== undefined)
  @apply(...int('depositSek', 1, 1_000_000))
  depositSek?: number | null;

  @ApiPropertyOptional({ example: 30, description: 'With a deposit, the balance is due this many days before the start. Left out: unchanged.' })
  @ValidateIf((_dto: object, value: unknown) => value !== undefined)
  @apply(...int('balanceDueDays', 1, 365))
  balanceDueDays?: number;
}

export class PickupPointDto implements PickupPointInput {
  @ApiProperty({ example: 'Kiruna' })
  @IsString({ message: 'location krävs' })
  @MaxLength(40, { message: 'location får vara högst 40 tecken' })
  location: string;

  @ApiProperty({ example: 'Scandic Ferrum' })
  @CleanText('line')
  @IsString({ message: 'name krävs' })
  @MinLength(1, { message: 'name krävs' })
  @MaxLength(120, { message: 'name får vara högst 120 tecken' })
  name: string;

  @ApiProperty({ example: 'Lars Janssonsgatan 15, main entrance' })
  @CleanText('line')
  @IsString({ message: 'address måste vara text' })
  @MaxLength(200, { message: 'address får vara högst 200 tecken' })
  address: string;

  @ApiProperty({ example: 30 })
  @apply(...int('minutesBefore', 0, 240))
  minutesBefore: number;

  @ApiProperty()
  @IsBoolean({ message: 'isActive måste vara true eller false' })
  isActive: boolean;
}

export class PickupPointPatchDto extends PartialType(PickupPointDto, NOT_NULL) {}
