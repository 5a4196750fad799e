import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import type { AdminFaqView, FaqInput, FaqTranslation } from '../../shared/admin-types';
import { AuditedEditor } from '../common/audit/audited-editor';
import { AuditLogService } from '../common/audit/audit-log.service';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import { EditorTranslations } from '../common/i18n/editor-translations';
import { FaqItem, type FaqTopic } from './faq-item.entity';

/** Staff keep the FAQ: questions in the order sortOrder gives them. */
@Injectable()
export class FaqEditor extends AuditedEditor<FaqItem, FaqInput, Omit<AdminFaqView, 'translations'>> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    audit: AuditLogService,
    translations: ContentTranslations,
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
    this.inLanguages = new EditorTranslations(translations, 'faq', ['question', 'answer'], (id) => this.get(id));
  }

  /** The entries' Swedish and German words, null where one is missing; and staff setting them. */
  readonly inLanguages: EditorTranslations<Omit<AdminFaqView, 'translations'>, keyof FaqTranslation>;
}
