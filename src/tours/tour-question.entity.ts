import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import type { QuestionKind, QuestionWhen } from '../../shared/questions';
import type { Tour } from './tour.entity';

/**
 * What a tour asks of a booking or of each guest: text, a number with its unit (cm, kg, EU shoe
 * size), a choice or yes/no; at booking, or before the tour (through the manage link, until the
 * tour's `answersDueHours` before the start). A number may have limits (a weight limit): an
 * answer outside them is refused with the reason before payment.
 */
@Entity('tour_questions')
@Index(['tourId', 'code'], { unique: true })
export class TourQuestion {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  tourId: number;

  @ManyToOne('Tour', (tour: Tour) => tour.questions, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tour_id' })
  tour?: Tour;

  /** Stable and lowercase (weight, shoe-size, licence): the key of the answers. */
  @Column({ type: 'varchar', length: 40 })
  code: string;

  @Column({ type: 'varchar', length: 200 })
  label: string;

  @Column({ type: 'varchar', length: 10 })
  kind: QuestionKind;

  /** For numbers: cm, kg, EU. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  unit: string | null;

  /** For choices. */
  @Column({ type: 'simple-json', nullable: true })
  choices: string[] | null;

  /** Asked once for each guest, or once for the booking. */
  @Column({ type: 'boolean', default: false })
  perGuest: boolean;

  @Column({ type: 'varchar', length: 10, default: 'booking' })
  askedAt: QuestionWhen;

  /** An answer is required (at booking, or before the tour); otherwise optional. */
  @Column({ type: 'boolean', default: true })
  required: boolean;

  @Column({ type: 'int', nullable: true })
  min: number | null;

  @Column({ type: 'int', nullable: true })
  max: number | null;

  @Column({ type: 'int', default: 0 })
  sortOrder: number;
}
