import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An empty string clears the field. */
const emptyToNull = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : trim({ value }));

/** What a guest may change through the manage link; a field left out stays as it is. */
export class UpdateManagedBookingDto {
  @ApiPropertyOptional({ example: '+46 70 123 45 67' })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_dto, value) => value !== null)
  @Matches(/^\+?[0-9][0-9 ()-]{5,38}$/, { message: 'phone must be a phone number such as +46 70 123 45 67' })
  phone?: string | null;

  @ApiPropertyOptional({ example: 'One vegetarian' })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_dto, value) => value !== null)
  @IsString({ message: 'notes must be text' })
  @MaxLength(1000, { message: 'notes must be at most 1000 characters' })
  notes?: string | null;

  @ApiPropertyOptional({ example: 'Camp Ripan, Kiruna' })
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_dto, value) => value !== null)
  @IsString({ message: 'pickup must be the name of your hotel' })
  @MaxLength(200, { message: 'pickup must be at most 200 characters' })
  pickup?: string | null;
}

/** "Find my booking": the reference and the email it was made with. */
export class FindBookingDto {
  @ApiProperty({ example: 'NAT-7K4Q9-XH2MR' })
  @Transform(trim)
  @IsString({ message: 'reference is required' })
  @MaxLength(40, { message: 'reference must be a booking reference such as NAT-7K4Q9-XH2MR' })
  reference: string;

  @ApiProperty({ example: 'anna@example.com' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email: string;
}
