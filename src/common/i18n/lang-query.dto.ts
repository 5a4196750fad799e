import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

import { LANGUAGES, type Lang } from '../../../shared/languages';

/** `?lang=` on a content list: the language to answer in, English where an item has no translation. */
export class LangQuery {
  @ApiPropertyOptional({ enum: LANGUAGES, default: 'en' })
  @IsOptional()
  @IsIn(LANGUAGES, { message: `lang must be one of ${LANGUAGES.join(', ')}` })
  lang?: Lang;
}
