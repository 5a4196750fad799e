import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, MaxLength } from 'class-validator';

/** The guest a privacy request is about, by the email they used with us. */
export class GuestEmailDto {
  @ApiProperty({ example: 'anna@example.com' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: 'email måste vara en e-postadress' })
  @MaxLength(254, { message: 'email får vara högst 254 tecken' })
  email: string;
}
