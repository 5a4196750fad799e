import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../../database/columns';

/** When an item is out of service: a sled in repair, a guide's days off ([startsAt, endsAt)). */
@Entity('resource_outages')
@Index('IDX_resource_outages_resource', ['resourceId', 'startsAt'])
export class ResourceOutage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  resourceId: number;

  @Column({ type: 'datetime' })
  startsAt: Date;

  @Column({ type: 'datetime' })
  endsAt: Date;

  @Column({ type: 'varchar', length: 200, default: '' })
  reason: string;

  @CreatedAt()
  createdAt: Date;
}
