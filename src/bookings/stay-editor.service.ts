import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import type { AdminStayView, StayInput, StayTranslation } from '../../shared/admin-types';
import { AuditedEditor } from '../common/audit/audited-editor';
import { AuditLogService } from '../common/audit/audit-log.service';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import { EditorTranslations } from '../common/i18n/editor-translations';
import { StayPackage } from './stay-package.entity';
import { mapStayPackage } from './stays.service';

/** Staff keep the stays sold with tours: texts, prices and pictures. */
@Injectable()
export class StayEditor extends AuditedEditor<StayPackage, StayInput, Omit<AdminStayView, 'translations'>> {
  constructor(@InjectDataSource() dataSource: DataSource, audit: AuditLogService, translations: ContentTranslations) {
    super(dataSource, audit, {
      entity: StayPackage,
      kind: 'stay',
      missing: 'inget boende',
      order: { priceSek: 'DESC', id: 'ASC' },
      unique: { field: 'slug', label: 'slug' },
      view: (stay) => ({ ...mapStayPackage(stay), isActive: stay.isActive, roomKindId: stay.roomKindId }),
      apply: (stay, input) => Object.assign(stay, input),
    });
    this.inLanguages = new EditorTranslations(translations, 'stay', ['name', 'description'], (id) => this.get(id));
  }

  /** The stays' names and descriptions in Swedish and German, null where one is missing; and staff setting them. */
  readonly inLanguages: EditorTranslations<Omit<AdminStayView, 'translations'>, keyof StayTranslation>;
}
