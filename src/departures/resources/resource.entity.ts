import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../../database/columns';

/** One item of a kind: sled 3, the Sprinter, cabin 2, a guide (with skills). */
@Entity('resources')
@Index('IDX_resources_kind', ['kindId'])
export class Resource {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  kindId: number;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  /** A guide's skills (shared/resources.ts, SKILLS); empty for things. */
  @Column({ type: 'simple-json' })
  skills: string[];

  /** A guide's staff login (lower case): the guide app shows that login the guide's own departures. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  staffEmail: string | null;

  /** Retired items count for nothing; their history stays. */
  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @CreatedAt()
  createdAt: Date;
}
