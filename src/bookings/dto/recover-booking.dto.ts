import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';

/** The token of a recovery mail's link. */
export class RecoverBookingDto {
  @ApiProperty({ description: "The `token` of the recovery mail's link" })
  @IsString({ message: 'token must be the token from the link in your email' })
  @MaxLength(300, { message: 'token must be the token from the link in your email' })
  @Matches(/^[\w-]+\.[\w-]+$/, { message: 'token must be the token from the link in your email' })
  token: string;
}
