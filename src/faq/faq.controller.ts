import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

import type { FaqEntry, ListResponse } from '../../shared/api-types';
import { LANGUAGES, type Lang } from '../../shared/languages';
import { FaqService } from './faq.service';

export class FaqQuery {
  /** The language to answer in; English where an entry has no translation. */
  @ApiPropertyOptional({ enum: LANGUAGES, default: 'en' })
  @IsOptional()
  @IsIn(LANGUAGES, { message: `lang must be one of ${LANGUAGES.join(', ')}` })
  lang?: Lang;
}

@ApiTags('faq')
@Controller('api/faq')
export class FaqController {
  constructor(private readonly faq: FaqService) {}

  @Get()
  @ApiOperation({ summary: 'List the frequently asked questions, in English or (lang) Swedish or German' })
  async list(@Query() query: FaqQuery): Promise<ListResponse<FaqEntry>> {
    return { data: await this.faq.list(query.lang) };
  }
}
