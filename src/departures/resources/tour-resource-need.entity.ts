import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * What one departure of a tour needs of a kind, once anyone is booked on it: `fixed` items (a
 * minibus) plus one per `perUnits` seats of the named price categories (one snowmobile per 2
 * adults; all categories when null). For guides, the skills each must have.
 */
@Entity('tour_resource_needs')
@Index('IDX_tour_resource_needs_tour_kind', ['tourId', 'kindId'], { unique: true })
@Index('IDX_tour_resource_needs_kind', ['kindId'])
export class TourResourceNeed {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  tourId: number;

  @Column({ type: 'int' })
  kindId: number;

  @Column({ type: 'int', default: 0 })
  fixed: number;

  /** One item per so many seats (null: none beyond `fixed`, or a vehicle's own seats). */
  @Column({ type: 'int', nullable: true })
  perUnits: number | null;

  /** The price categories whose seats count (null: every seat). */
  @Column({ type: 'simple-json', nullable: true })
  categories: string[] | null;

  /** What a guide must have for this tour (null: nothing beyond being a guide). */
  @Column({ type: 'simple-json', nullable: true })
  skills: string[] | null;
}
