import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';

import type { FaqEntry } from '../../client/api/types';
import { FaqItem } from './faq-item.entity';

@Injectable()
export class FaqService {
  constructor(@InjectRepository(FaqItem) private readonly items: Repository<FaqItem>) {}

  async list(): Promise<FaqEntry[]> {
    const items = await this.items.find({ order: { sortOrder: 'ASC', id: 'ASC' } });
    return items.map(({ id, question, answer, topic }) => ({ id, question, answer, topic }));
  }
}
