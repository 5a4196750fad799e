import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import type { FaqEntry, ListResponse } from '../../shared/api-types';
import { LangQuery } from '../common/i18n/lang-query.dto';
import { FaqService } from './faq.service';

@ApiTags('faq')
@Controller('api/faq')
export class FaqController {
  constructor(private readonly faq: FaqService) {}

  @Get()
  @ApiOperation({ summary: 'List the frequently asked questions, in English or (lang) Swedish or German' })
  async list(@Query() query: LangQuery): Promise<ListResponse<FaqEntry>> {
    return { data: await this.faq.list(query.lang) };
  }
}
