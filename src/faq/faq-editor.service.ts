import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import type { AdminFaqView, FaqInput } from '../../shared/admin-types';
import { AuditedEditor } from '../common/audit/audited-editor';
import { AuditLogService } from '../common/audit/audit-log.service';
import { FaqItem, type FaqTopic } from './faq-item.entity';

/** Staff keep the FAQ: questions in the order sortOrder gives them. */
@Injectable()
export class FaqEditor extends AuditedEditor<FaqItem, FaqInput, AdminFaqView> {
  constructor(@InjectDataSource() dataSource: DataSource, audit: AuditLogService) {
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
}
