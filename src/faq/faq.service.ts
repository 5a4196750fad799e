import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';

import { CatalogueCache } from '../common/cache/catalogue-cache';
import type { FaqEntry } from '../../shared/api-types';
import { FaqItem } from './faq-item.entity';

@Injectable()
export class FaqService {
  constructor(
    @InjectRepository(FaqItem) private readonly items: Repository<FaqItem>,
    private readonly cache: CatalogueCache,
  ) {}

  list(): Promise<FaqEntry[]> {
    return this.cache.read('faq', async () => {
      const items = await this.items.find({ order: { sortOrder: 'ASC', id: 'ASC' } });
      return items.map(({ id, question, answer, topic }) => ({ id, question, answer, topic }));
    });
  }
}
