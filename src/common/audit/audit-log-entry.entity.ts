import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../../database/columns';

/** Who changed what, and when: every admin change leaves one. */
@Entity('audit_log_entries')
@Index(['createdAt'])
export class AuditLogEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 254 })
  adminEmail: string;

  @Column({ type: 'varchar', length: 80 })
  action: string;

  @Column({ type: 'varchar', length: 120 })
  target: string;

  @Column({ type: 'text', nullable: true })
  details: string | null;

  @CreatedAt()
  createdAt: Date;
}
