import { IntersectionType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';

import { IsLocalDate } from '../../common/pipes/is-local-date';

/** A Kiruna date in an OCTO field. */
const LocalDate = (field: string) => IsLocalDate({ message: `${field} must be a date as YYYY-MM-DD` });

/** The OCTO request bodies, with every field the specification defines (core and octo/pricing). */
class OctoId {
  @IsString({ message: 'productId is required' })
  @IsNotEmpty({ message: 'productId is required' })
  @MaxLength(50)
  productId: string;

  @IsString({ message: 'optionId is required' })
  @IsNotEmpty({ message: 'optionId is required' })
  @MaxLength(50)
  optionId: string;

  /** octo/pricing: only SEK is sold. */
  @IsOptional()
  @Matches(/^SEK$/i, { message: 'currency must be SEK' })
  currency?: string | null;
}

export class OctoUnitQuantityDto {
  @IsString({ message: 'units[].id is required' })
  @MaxLength(50)
  id: string;

  @Type(() => Number)
  @IsInt({ message: 'units[].quantity must be a whole number' })
  @Min(0, { message: 'units[].quantity must be 0 or more' })
  @Max(50, { message: 'units[].quantity must be at most 50' })
  quantity: number;
}

export class OctoAvailabilityDto extends OctoId {
  @IsOptional()
  @LocalDate('localDateStart')
  localDateStart?: string;

  @IsOptional()
  @LocalDate('localDateEnd')
  localDateEnd?: string;

  @IsOptional()
  @IsArray({ message: 'availabilityIds must be a list' })
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(40, { each: true })
  availabilityIds?: string[];

  @IsOptional()
  @IsArray({ message: 'units must be a list' })
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => OctoUnitQuantityDto)
  units?: OctoUnitQuantityDto[];
}

export class OctoAvailabilityCalendarDto extends OctoAvailabilityDto {
  @LocalDate('localDateStart')
  declare localDateStart: string;

  @LocalDate('localDateEnd')
  declare localDateEnd: string;
}

export class OctoContactDto {
  @IsOptional()
  @IsString()
  @MaxLength(120)
  fullName?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(60)
  firstName?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(60)
  lastName?: string | null;

  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @IsEmail({}, { message: 'contact.emailAddress must be an email address' })
  @MaxLength(254)
  emailAddress?: string | null;

  @IsOptional()
  @ValidateIf((_dto, value) => value !== null && value !== '')
  @Matches(/^\+?[0-9][0-9 ()-]{5,38}$/, { message: 'contact.phoneNumber must be a phone number such as +46 70 123 45 67' })
  phoneNumber?: string | null;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @MaxLength(20, { each: true })
  locales?: string[];

  @IsOptional()
  @IsString()
  @MaxLength(20)
  postalCode?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(60)
  country?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  notes?: string | null;

  @IsOptional()
  @IsBoolean()
  allowMarketing?: boolean;
}

/** octo/questions: an answer to one of the product's questions (the value as text, as OCTO sends it). */
export class OctoQuestionAnswerDto {
  @IsString({ message: 'questionAnswers[].questionId is required' })
  @MaxLength(40)
  questionId: string;

  @IsOptional()
  @IsString({ message: 'questionAnswers[].value must be text' })
  @MaxLength(500, { message: 'questionAnswers[].value may be at most 500 characters' })
  value: string | null;
}

export class OctoUnitItemDto {
  @IsOptional()
  @IsUUID('all', { message: 'unitItems[].uuid must be a UUID' })
  uuid?: string;

  @IsString({ message: 'unitItems[].unitId is required' })
  @MaxLength(50)
  unitId: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  resellerReference?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => OctoContactDto)
  contact?: OctoContactDto;

  /** octo/questions: this unit's answers to the questions asked of each guest. */
  @IsOptional()
  @IsArray({ message: 'unitItems[].questionAnswers must be a list' })
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => OctoQuestionAnswerDto)
  questionAnswers?: OctoQuestionAnswerDto[];
}

/** What a reservation, a confirmation and an update may choose of a tour's options (octo/pickups, octo/questions). */
class OctoBookingOptionsDto {
  /** octo/pickups: whether the guests are collected, and where (one of the option's pickupPoints). */
  @IsOptional()
  @IsBoolean({ message: 'pickupRequested must be true or false' })
  pickupRequested?: boolean;

  @IsOptional()
  @IsString({ message: 'pickupPointId must be a pickup point id' })
  @MaxLength(20)
  pickupPointId?: string | null;

  /** octo/pickups: the guests' hotel, for the guide. */
  @IsOptional()
  @IsString({ message: 'pickupHotel must be text' })
  @MaxLength(200, { message: 'pickupHotel may be at most 200 characters' })
  pickupHotel?: string | null;

  /** octo/questions: answers to the questions asked of the booking. */
  @IsOptional()
  @IsArray({ message: 'questionAnswers must be a list' })
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => OctoQuestionAnswerDto)
  questionAnswers?: OctoQuestionAnswerDto[];
}

const EXPIRATION = { message: 'expirationMinutes must be a whole number from 1 to 1440' };

export class OctoReserveDto extends IntersectionType(OctoId, OctoBookingOptionsDto) {
  @IsOptional()
  @IsUUID('all', { message: 'uuid must be a UUID' })
  uuid?: string;

  @IsString({ message: 'availabilityId is required' })
  @MaxLength(40)
  availabilityId: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt(EXPIRATION)
  @Min(1, EXPIRATION)
  @Max(1440, EXPIRATION)
  expirationMinutes?: number;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  notes?: string | null;

  /** Required: a reservation without units is UNPROCESSABLE_ENTITY (the controller says so), as OCTO asks. */
  @IsOptional()
  @IsArray({ message: 'unitItems must be a list' })
  @ArrayMaxSize(50, { message: 'unitItems may name at most 50 units' })
  @ValidateNested({ each: true })
  @Type(() => OctoUnitItemDto)
  unitItems?: OctoUnitItemDto[];

  @IsOptional()
  @IsString()
  @MaxLength(100)
  resellerReference?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => OctoContactDto)
  contact?: OctoContactDto;
}

export class OctoExtendDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt(EXPIRATION)
  @Min(1, EXPIRATION)
  @Max(1440, EXPIRATION)
  expirationMinutes?: number;
}

export class OctoConfirmDto extends OctoBookingOptionsDto {
  @IsOptional()
  @IsBoolean({ message: 'emailReceipt must be true or false' })
  emailReceipt?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  resellerReference?: string;

  @ValidateNested()
  @Type(() => OctoContactDto)
  contact: OctoContactDto;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => OctoUnitItemDto)
  unitItems?: OctoUnitItemDto[];

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  notes?: string | null;
}

export class OctoUpdateDto extends IntersectionType(OctoExtendDto, OctoBookingOptionsDto) {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  resellerReference?: string;

  @IsOptional()
  @IsString()
  @MaxLength(50)
  productId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(50)
  optionId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(40)
  availabilityId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  notes?: string | null;

  @IsOptional()
  @IsBoolean({ message: 'emailReceipt must be true or false' })
  emailReceipt?: boolean;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => OctoUnitItemDto)
  unitItems?: OctoUnitItemDto[];

  @IsOptional()
  @ValidateNested()
  @Type(() => OctoContactDto)
  contact?: OctoContactDto;
}

export class OctoCancelDto {
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string | null;

  @IsOptional()
  @IsBoolean()
  force?: boolean;
}

export class OctoBookingsQuery {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  resellerReference?: string;

  @IsOptional()
  @IsString()
  @MaxLength(40)
  supplierReference?: string;

  @IsOptional()
  @LocalDate('localDate')
  localDate?: string;

  @IsOptional()
  @LocalDate('localDateStart')
  localDateStart?: string;

  @IsOptional()
  @LocalDate('localDateEnd')
  localDateEnd?: string;
}

/** octo/webhooks: a URL to call on an event. */
export class OctoWebhookDto {
  @IsString({ message: 'url is required' })
  @MaxLength(500, { message: 'url may be at most 500 characters' })
  url: string;

  @IsString({ message: 'event is required' })
  @MaxLength(40)
  event: string;
}
