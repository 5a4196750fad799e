import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

import { CleanText } from '../../common/text/plain-text';

export const MAX_CHAT_MESSAGE = 1000;

export class ChatRequestDto {
  @ApiProperty({ maxLength: MAX_CHAT_MESSAGE, example: 'Which Northern Lights tour do you recommend in February?' })
  @CleanText('lines')
  @IsString({ message: 'message must be text' })
  @IsNotEmpty({ message: 'message is required' })
  @MaxLength(MAX_CHAT_MESSAGE, { message: `message must be at most ${MAX_CHAT_MESSAGE} characters` })
  message: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('4', { message: 'conversationId must be the id the guide gave you' })
  conversationId?: string;
}
