import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../../database/columns';

/** An item put on a departure by staff: a guide leading it, the minibus driving it. */
@Entity('departure_assignments')
@Index('IDX_departure_assignments_pair', ['departureId', 'resourceId'], { unique: true })
@Index('IDX_departure_assignments_resource', ['resourceId'])
export class DepartureAssignment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  departureId: number;

  @Column({ type: 'int' })
  resourceId: number;

  @CreatedAt()
  createdAt: Date;
}
