import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';

import { MAX_GROUP_SIZE } from '../../../shared/taxonomy';
import { CleanText } from '../../common/text/plain-text';
import { AnswersField, PartyItemDto, PickupPointId } from './party.dto';


/** What a guest may change through the manage link; a field left out stays as it is. */
export class UpdateManagedBookingDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: '+46 70 123 45 67' })
  @IsOptional()
  @CleanText('line', 'null')
  @ValidateIf((_dto, value) => value !== null)
  @Matches(/^\+?[0-9][0-9 ()-]{5,38}$/, { message: 'phone must be a phone number such as +46 70 123 45 67' })
  phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'One vegetarian' })
  @IsOptional()
  @CleanText('lines', 'null')
  @ValidateIf((_dto, value) => value !== null)
  @IsString({ message: 'notes must be text' })
  @MaxLength(1000, { message: 'notes must be at most 1000 characters' })
  notes?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Camp Ripan, Kiruna' })
  @IsOptional()
  @CleanText('line', 'null')
  @ValidateIf((_dto, value) => value !== null)
  @IsString({ message: 'pickup must be the name of your hotel' })
  @MaxLength(200, { message: 'pickup must be at most 200 characters' })
  pickup?: string | null;

  @PickupPointId()
  pickupPointId?: number | null;

  @AnswersField()
  answers?: Record<string, unknown>;
}

/** "Find my booking": the reference and the email it was made with. */
export class FindBookingDto {
  @ApiProperty({ example: 'NAT-7K4Q9-XH2MR' })
  @CleanText('line')
  @IsString({ message: 'reference is required' })
  @MaxLength(40, { message: 'reference must be a booking reference such as NAT-7K4Q9-XH2MR' })
  reference: string;

  @ApiProperty({ example: 'anna@example.com' })
  @CleanText('line')
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email: string;
}

/** Another date of the same tour, for a booking whose date we cancelled. */
export class RebookManagedBookingDto {
  @ApiProperty({ example: 42 })
  @Type(() => Number)
  @IsInt({ message: 'departureId must be a whole number' })
  @Min(1, { message: 'departureId must be a whole number' })
  departureId: number;
}

/** The guest's answer to a move after the weather: the other date, or the money back. */
export class WeatherOfferAnswerDto {
  @ApiProperty({ enum: ['move', 'refund'] })
  @IsIn(['move', 'refund'], { message: 'choice must be move or refund' })
  choice: 'move' | 'refund';
}

/** Another date of the same tour and/or another number of guests. */
export class ChangeManagedBookingDto {
  @ApiPropertyOptional({ example: 42 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'departureId must be a whole number' })
  @Min(1, { message: 'departureId must be a whole number' })
  departureId?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_GROUP_SIZE, example: 3 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `guests must be a whole number from 1 to ${MAX_GROUP_SIZE}` })
  @Min(1, { message: `guests must be a whole number from 1 to ${MAX_GROUP_SIZE}` })
  @Max(MAX_GROUP_SIZE, { message: `guests must be a whole number from 1 to ${MAX_GROUP_SIZE}` })
  guests?: number;

  @ApiPropertyOptional({ type: [PartyItemDto], description: 'The new party by price category; give this or `guests`' })
  @IsOptional()
  @IsArray({ message: 'categories must be a list of { category, quantity }' })
  @ArrayMaxSize(10, { message: 'categories must be a list of { category, quantity }' })
  @ValidateNested({ each: true })
  @Type(() => PartyItemDto)
  categories?: PartyItemDto[];

  @ApiPropertyOptional({ example: 'K7QX-M2PA-9HRW', description: 'A gift card for what a dearer change costs: it pays what it covers, the rest is due on arrival' })
  @IsOptional()
  @IsString({ message: 'giftCardCode must be the code on your gift card' })
  @MaxLength(40, { message: 'giftCardCode must be the code on your gift card' })
  giftCardCode?: string;
}
