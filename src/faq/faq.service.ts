import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';

import { CatalogueCache } from '../common/cache/catalogue-cache';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import type { FaqEntry } from '../../shared/api-types';
import type { Lang } from '../../shared/languages';
import { FaqItem } from './faq-item.entity';

@Injectable()
export class FaqService {
  constructor(
    @InjectRepository(FaqItem) private readonly items: Repository<FaqItem>,
    private readonly translations: ContentTranslations,
    private readonly cache: CatalogueCache,
  ) {}

  /** The FAQ in `lang`: each question and answer in it where translated, else in English. */
  list(lang: Lang = 'en'): Promise<FaqEntry[]> {
    return this.cache.read(lang === 'en' ? 'faq' : `faq/${lang}`, async () => {
      const items = await this.items.find({ order: { sortOrder: 'ASC', id: 'ASC' } });
      const entries = items.map(({ id, question, answer, topic }) => ({ id, question, answer, topic }));
      return this.translations.inLanguage('faq', entries, lang, ['question', 'answer'] as const);
    });
  }
}
