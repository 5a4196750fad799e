import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'staff@norrsken-arctic.se' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: 'email måste vara en e-postadress' })
  @MaxLength(254, { message: 'email måste vara en e-postadress' })
  email: string;

  @ApiProperty()
  @IsString({ message: 'password krävs' })
  @MinLength(1, { message: 'password krävs' })
  @MaxLength(200, { message: 'password får vara högst 200 tecken' })
  password: string;
}
