import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

import { LANGUAGES, type Lang } from '../../../shared/languages';
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

  @ApiPropertyOptional({ enum: LANGUAGES, description: "The page's language; the guide answers in the question's own language when it can tell" })
  @IsOptional()
  @IsIn(LANGUAGES, { message: `lang must be one of ${LANGUAGES.join(', ')}` })
  lang?: Lang;
}
