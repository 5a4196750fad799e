import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import type { AdminStayView, StayInput } from '../../shared/admin-types';
import { AuditedEditor } from '../common/audit/audited-editor';
import { AuditLogService } from '../common/audit/audit-log.service';
import { StayPackage } from './stay-package.entity';
import { mapStayPackage } from './stays.service';

/** Staff keep the stays sold with tours: texts, prices and pictures. */
@Injectable()
export class StayEditor extends AuditedEditor<StayPackage, StayInput, AdminStayView> {
  constructor(@InjectDataSource() dataSource: DataSource, audit: AuditLogService) {
    super(dataSource, audit, {
      entity: StayPackage,
      kind: 'stay',
      missing: 'inget boende',
      order: { priceSek: 'DESC', id: 'ASC' },
      unique: { field: 'slug', label: 'slug' },
      view: (stay) => ({ ...mapStayPackage(stay), isActive: stay.isActive }),
      apply: (stay, input) => Object.assign(stay, input),
    });
  }
}
