import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';
import type { Lang } from '../../shared/languages';

/** A guest's rating of their tour (1 to 5) and an optional comment: one per booking, from the mail the morning after. */
@Entity('ratings')
@Index('IDX_ratings_booking', ['bookingId'], { unique: true })
@Index('IDX_ratings_tour', ['tourId'])
export class Rating {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  bookingId: number;

  @Column({ type: 'int' })
  tourId: number;

  @Column({ type: 'int' })
  score: number;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ type: 'varchar', length: 5, default: 'en' })
  language: Lang;

  @CreatedAt()
  createdAt: Date;
}
