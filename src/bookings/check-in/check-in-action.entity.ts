import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

import { CreatedAt } from '../../database/columns';
import type { CheckInConflict, GuideAction } from '../../../shared/check-in';
import type { CheckInRefusal } from '../../../shared/guide-app';

/**
 * One action a guide's phone sent (issue 51), under the id the phone gave it when it was taken
 * (offline, perhaps): the primary key is what makes a batch sent twice, or by a retry after a
 * lost answer, apply each action once. Kept with what came of it, which a repeat answers again.
 */
@Entity('check_in_actions')
@Index('IDX_check_in_actions_booking', ['bookingId'])
export class CheckInAction {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  /** The booking it named (null: no booking of ours). */
  @Column({ type: 'int', nullable: true })
  bookingId: number | null;

  /** The reference as the phone gave it, or the one its QR code named. */
  @Column({ type: 'varchar', length: 40, default: '' })
  reference: string;

  /** The departure the guide was checking in. */
  @Column({ type: 'int' })
  departureId: number;

  @Column({ type: 'varchar', length: 60 })
  device: string;

  @Column({ type: 'varchar', length: 254 })
  staffEmail: string;

  @Column({ type: 'varchar', length: 10 })
  kind: GuideAction['kind'];

  @Column({ type: 'int', nullable: true })
  guests: number | null;

  /** When the guide did it, by the phone's clock. */
  @Column({ type: 'datetime' })
  actedAt: Date;

  @Column({ type: 'varchar', length: 10 })
  outcome: 'applied' | 'conflict' | 'refused';

  @Column({ type: 'varchar', length: 20, nullable: true })
  reason: CheckInConflict | CheckInRefusal | null;

  @CreatedAt()
  createdAt: Date;
}
