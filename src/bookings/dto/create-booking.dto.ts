import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

import { MAX_GROUP_SIZE } from '../../../shared/taxonomy';
import { CleanText } from '../../common/text/plain-text';


/**
 * A name is a name: letters, no line breaks or other control characters, no web or mail
 * address (the name is quoted in the confirmation mail, which must not carry someone's link).
 */
export const PERSON_NAME =
  /^(?=.*\p{L})(?!.*[\p{Cc}<>@])(?!.*:\/\/)(?!.*\bwww\.)(?!.*\b[\p{L}0-9-]+\.(com|net|org|se|io|ru|info|xyz|top|biz|co|me|link|click|site|online|ly|app|shop)\b).*$/iu;

/** A booking request. Prices are never sent: the server computes them. */
export class CreateBookingDto {
  @ApiProperty({ example: 42 })
  @Type(() => Number)
  @IsInt({ message: 'departureId must be a whole number' })
  @Min(1, { message: 'departureId must be a whole number' })
  departureId: number;

  @ApiProperty({ minimum: 1, maximum: MAX_GROUP_SIZE, example: 2 })
  @Type(() => Number)
  @IsInt({ message: `guests must be a whole number from 1 to ${MAX_GROUP_SIZE}` })
  @Min(1, { message: `guests must be a whole number from 1 to ${MAX_GROUP_SIZE}` })
  @Max(MAX_GROUP_SIZE, { message: `guests must be a whole number from 1 to ${MAX_GROUP_SIZE}` })
  guests: number;

  @ApiProperty({ example: 'Anna Svensson' })
  // Line breaks kept, so that PERSON_NAME refuses them (a name is quoted in mails) instead of joining the lines.
  @CleanText('lines')
  @IsString({ message: 'name is required' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(120, { message: 'name must be at most 120 characters' })
  @Matches(PERSON_NAME, { message: "name must be a person's name, without line breaks or web addresses" })
  name: string;

  @ApiProperty({ example: 'anna@example.com' })
  @CleanText('line')
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email: string;

  @ApiPropertyOptional({ example: '+46 70 123 45 67' })
  @IsOptional()
  @CleanText('line', 'undefined')
  @Matches(/^\+?[0-9][0-9 ()-]{5,38}$/, { message: 'phone must be a phone number such as +46 70 123 45 67' })
  phone?: string;

  @ApiPropertyOptional({ example: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'stayPackageId must be a whole number' })
  @Min(1, { message: 'stayPackageId must be a whole number' })
  stayPackageId?: number;

  @ApiPropertyOptional({ example: 'One vegetarian' })
  @IsOptional()
  @CleanText('lines', 'undefined')
  @IsString()
  @MaxLength(1000, { message: 'notes must be at most 1000 characters' })
  notes?: string;
}
