import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { Location } from './location.entity';

/**
 * A place guests are collected from before a tour (a hotel, the office), in one location, at a
 * time before the departure: a tour offers some of them (tour_pickup_points).
 */
@Entity('pickup_points')
export class PickupPoint {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  locationId: number;

  @ManyToOne(() => Location, { nullable: false, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'location_id' })
  location?: Location;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  /** Where exactly (the hotel's entrance, the bus stop). */
  @Column({ type: 'varchar', length: 200, default: '' })
  address: string;

  /** Minutes before the departure's start that the bus is there. */
  @Column({ type: 'int' })
  minutesBefore: number;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @Column({ type: 'int', default: 0 })
  sortOrder: number;
}
