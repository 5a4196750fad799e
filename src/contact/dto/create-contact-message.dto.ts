import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

import { CleanText } from '../../common/text/plain-text';

export class CreateContactMessageDto {
  @ApiProperty({ example: 'Anna Svensson', maxLength: 120 })
  @CleanText('line')
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(120, { message: 'name must be at most 120 characters' })
  name: string;

  @ApiProperty({ example: 'anna@example.com', maxLength: 254 })
  @CleanText('line')
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email: string;

  @ApiProperty({ example: 'Can we see the Northern Lights in late March?', maxLength: 5000 })
  @CleanText('lines')
  @IsString({ message: 'message must be text' })
  @IsNotEmpty({ message: 'message is required' })
  @MaxLength(5000, { message: 'message must be at most 5000 characters' })
  message: string;

  /** The honeypot: people never see it, so anything in it marks a bot. */
  @ApiPropertyOptional({ description: 'Leave empty' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  website?: string;
}
