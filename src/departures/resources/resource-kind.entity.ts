import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../../database/columns';
import type { ResourceType } from '../../../shared/resources';

/**
 * A kind of thing departures share (issue 50): snowmobiles, dog teams, a minibus, Abisko's cabin
 * rooms, guides. Its row is what a booking locks, after the departures' rows, when a tour needs
 * the kind: two tours sharing the last sled then decide one after the other.
 */
@Entity('resource_kinds')
export class ResourceKind {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  /** equipment and vehicles cap seats as a pool; rooms are taken by the night; guides are assigned. */
  @Column({ type: 'varchar', length: 12 })
  type: ResourceType;

  /** A vehicle's seats: one is needed per so many guests when a tour's need does not say. */
  @Column({ type: 'int', nullable: true })
  seatsEach: number | null;

  /** Time after a departure ends before an item is free again (fuel, dogs' rest, a drive back). */
  @Column({ type: 'int', default: 30 })
  turnaroundMinutes: number;

  @CreatedAt()
  createdAt: Date;
}
