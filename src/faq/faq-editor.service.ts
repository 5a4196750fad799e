import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import type { AdminFaqView, FaqInput, FaqTranslation } from '../../shared/admin-types';
import { AuditedEditor } from '../common/audit/audited-editor';
import { AuditLogService } from '../common/audit/audit-log.service';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import { FaqItem, type FaqTopic } from './faq-item.entity';

/** Staff keep the FAQ: questions in the order sortOrder gives them. */
@Injectable()
export class FaqEditor extends AuditedEditor<FaqItem, Omit<FaqInput, never>, Omit<AdminFaqView, 'translations'>> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    audit: AuditLogService,
    private readonly translations: ContentTranslations,
  ) {
    super(dataSource, audit, {
      entity: FaqItem,
      kind: 'faq',
      missing: 'ingen fråga',
      order: { sortOrder: 'ASC', id: 'ASC' },
      view: ({ id, question, answer, topic, sortOrder }) => ({ id, question, answer, topic, sortOrder }),
      apply(item, { topic, ...fields }) {
        Object.assign(item, fields);
        if (topic !== undefined) item.topic = topic as FaqTopic;
      },
    });
  }

  /** Every entry with its Swedish and German words, or null where one is missing. */
  listWithTranslations(): Promise<AdminFaqView[]> {
    return this.withTranslations(this.list());
  }

  /** An entry as staff see it, its translations with it. */
  async viewOf(entry: Promise<Omit<AdminFaqView, 'translations'>>): Promise<AdminFaqView> {
    return (await this.withTranslations(entry.then((one) => [one])))[0]!;
  }

  /** Sets (or, both empty, removes) an entry's words in Swedish or German. */
  async translate(id: number, lang: 'sv' | 'de', words: FaqTranslation, staffEmail: string): Promise<AdminFaqView> {
    await this.get(id);
    await this.translations.put('faq', id, lang, { question: words.question, answer: words.answer }, staffEmail);
    return this.viewOf(this.get(id));
  }

  private async withTranslations(loading: Promise<Omit<AdminFaqView, 'translations'>[]>): Promise<AdminFaqView[]> {
    const entries = await loading;
    const found = await this.translations.of('faq', entries.map((entry) => entry.id));
    const inLanguage = (id: number, lang: 'sv' | 'de'): FaqTranslation | null => {
      const fields = found.get(id)?.get(lang);
      return fields?.question || fields?.answer ? { question: fields.question ?? '', answer: fields.answer ?? '' } : null;
    };
    return entries.map((entry) => ({ ...entry, translations: { sv: inLanguage(entry.id, 'sv'), de: inLanguage(entry.id, 'de') } }));
  }
}
