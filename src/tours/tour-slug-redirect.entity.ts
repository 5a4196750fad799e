import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';
import { Tour } from './tour.entity';

/** A slug a tour had before staff renamed it: its old address answers 301 to the new one. */
@Entity('tour_slug_redirects')
export class TourSlugRedirect {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 160, unique: true })
  oldSlug: string;

  @Column({ type: 'int' })
  tourId: number;

  @ManyToOne(() => Tour, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tour_id' })
  tour?: Tour;

  @CreatedAt()
  createdAt: Date;
}
