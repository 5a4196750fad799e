import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';

import { LANGUAGES, type Lang } from '../../../shared/languages';
import { MAX_GROUP_SIZE } from '../../../shared/taxonomy';
import { CleanText } from '../../common/text/plain-text';
import { AnswersField, PartyItemDto, PickupPointId, say, STAFF_LANGUAGE } from './party.dto';


/**
 * A name is a name: letters, no line breaks or other control characters, no web or mail
 * address (the name is quoted in the confirmation mail, which must not carry someone's link).
 * Linear in the text's length: a domain is found by the one character before its dot, not by a
 * run of them (`\b[\p{L}0-9-]+\.com` took 3.4 s on 90 KB of "a-a-…", with the whole site waiting).
 */
export const PERSON_NAME =
  /^(?=.*\p{L})(?!.*[\p{Cc}<>@])(?!.*:\/\/)(?!.*\bwww\.)(?!.*[\p{L}0-9-]\.(com|net|org|se|io|ru|info|xyz|top|biz|co|me|link|click|site|online|ly|app|shop)\b).*$/iu;

export { STAFF_LANGUAGE };

const GUESTS = say(`guests must be a whole number from 1 to ${MAX_GROUP_SIZE}`, `guests måste vara ett heltal från 1 till ${MAX_GROUP_SIZE}`);
const PARTY = say('categories must be a list of { category, quantity }', 'categories måste vara en lista med { category, quantity }');
const NAME_REQUIRED = say('name is required', 'name krävs');

/** A booking request. Prices are never sent: the server computes them. */
export class CreateBookingDto {
  @ApiProperty({ example: 42 })
  @Type(() => Number)
  @IsInt({ message: say('departureId must be a whole number', 'departureId måste vara ett heltal') })
  @Min(1, { message: say('departureId must be a whole number', 'departureId måste vara ett heltal') })
  departureId: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_GROUP_SIZE, example: 2, description: "That many of the tour's default price category; give this or `categories`" })
  // Required unless the party is given by category.
  @ValidateIf((dto: CreateBookingDto) => dto.categories === undefined || dto.guests !== undefined)
  @Type(() => Number)
  @IsInt({ message: GUESTS })
  @Min(1, { message: GUESTS })
  @Max(MAX_GROUP_SIZE, { message: GUESTS })
  guests?: number;

  @ApiPropertyOptional({ type: [PartyItemDto], description: 'The party by price category (the tour\'s priceCategories); give this or `guests`' })
  @IsOptional()
  @IsArray({ message: PARTY })
  @ArrayMaxSize(10, { message: PARTY })
  @ValidateNested({ each: true })
  @Type(() => PartyItemDto)
  categories?: PartyItemDto[];

  @ApiProperty({ example: 'Anna Svensson' })
  // Line breaks kept, so that PERSON_NAME refuses them (a name is quoted in mails) instead of joining the lines.
  @CleanText('lines')
  @IsString({ message: NAME_REQUIRED })
  @IsNotEmpty({ message: NAME_REQUIRED })
  @MaxLength(120, { message: say('name must be at most 120 characters', 'name får vara högst 120 tecken') })
  @Matches(PERSON_NAME, { message: say("name must be a person's name, without line breaks or web addresses", 'name måste vara ett namn, utan radbrytningar eller webbadresser') })
  name: string;

  @ApiProperty({ example: 'anna@example.com' })
  @CleanText('line')
  @IsEmail({}, { message: say('email must be a valid email address', 'email måste vara en giltig e-postadress') })
  @MaxLength(254, { message: say('email must be at most 254 characters', 'email får vara högst 254 tecken') })
  email: string;

  @ApiPropertyOptional({ example: '+46 70 123 45 67' })
  @IsOptional()
  @CleanText('line', 'undefined')
  @Matches(/^\+?[0-9][0-9 ()-]{5,38}$/, { message: say('phone must be a phone number such as +46 70 123 45 67', 'phone måste vara ett telefonnummer, till exempel +46 70 123 45 67') })
  phone?: string;

  @ApiPropertyOptional({ example: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: say('stayPackageId must be a whole number', 'stayPackageId måste vara ett heltal') })
  @Min(1, { message: say('stayPackageId must be a whole number', 'stayPackageId måste vara ett heltal') })
  stayPackageId?: number;

  @PickupPointId()
  pickupPointId?: number | null;

  @AnswersField()
  answers?: Record<string, unknown>;

  @ApiPropertyOptional({ example: 'One vegetarian' })
  @IsOptional()
  @CleanText('lines', 'undefined')
  @IsString({ message: say('notes must be text', 'notes måste vara text') })
  @MaxLength(1000, { message: say('notes must be at most 1000 characters', 'notes får vara högst 1000 tecken') })
  notes?: string;

  /** The language of the page the guest booked on: the pages the booking's links open, and its mails, are in it. */
  @ApiPropertyOptional({ enum: LANGUAGES, default: 'en' })
  @IsOptional()
  @IsIn(LANGUAGES, { message: say(`language must be one of ${LANGUAGES.join(', ')}`, `language måste vara en av ${LANGUAGES.join(', ')}`) })
  language?: Lang;

  /** "Remind me if I don't finish": one mail, if the hold lapses unpaid, with a link back to these choices. */
  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: say('remindMe must be true or false', 'remindMe måste vara true eller false') })
  remindMe?: boolean;

  /** A promo code: its discount is taken off the total (checked and counted as the booking is made). */
  @ApiPropertyOptional({ example: 'WINTER10', maxLength: 40 })
  @IsOptional()
  @IsString({ message: say('promoCode must be text', 'promoCode måste vara text') })
  @Matches(/^[A-Za-z0-9 -]{1,40}$/, { message: say('promoCode is letters and digits (at most 40)', 'promoCode består av bokstäver och siffror (högst 40)') })
  promoCode?: string;
}
