import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

import { CreateBookingDto } from './create-booking.dto';

/** A promo code tried on the booking page, for the party and date the guest has chosen so far. */
export class PromoCheckDto extends PickType(CreateBookingDto, ['departureId', 'guests', 'categories'] as const) {
  @ApiProperty({ example: 'WINTER10' })
  @IsString({ message: 'code must be text' })
  @Matches(/^[A-Za-z0-9 -]{1,40}$/, { message: 'code is letters and digits (at most 40)' })
  code: string;

  /** The guest's email, once given: a code limited per guest says so before the booking. */
  @ApiPropertyOptional({ example: 'anna@example.com' })
  @IsOptional()
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email?: string;
}
