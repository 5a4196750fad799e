import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import type { FaqEntry, ListResponse } from '../../shared/api-types';
import { FaqService } from './faq.service';

@ApiTags('faq')
@Controller('api/faq')
export class FaqController {
  constructor(private readonly faq: FaqService) {}

  @Get()
  @ApiOperation({ summary: 'List the frequently asked questions' })
  async list(): Promise<ListResponse<FaqEntry>> {
    return { data: await this.faq.list() };
  }
}
