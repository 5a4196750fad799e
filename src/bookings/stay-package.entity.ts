import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

import type { ImageVariant } from '../../shared/api-types';

/** A night's stay sold with a tour: the glass igloo or the guesthouse (sister sites). */
@Entity('stay_packages')
export class StayPackage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 80, unique: true })
  slug: string;

  @Column({ type: 'varchar', length: 160 })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'int', default: 1 })
  nights: number;

  /** Per booking (one room for the party), not per guest. */
  @Column({ type: 'int' })
  priceSek: number;

  @Column({ type: 'int' })
  maxGuests: number;

  /** The VAT rate (percent) a room is sold at: accommodation is 12. */
  @Column({ type: 'int', default: 12 })
  vatRate: number;

  @Column({ type: 'varchar', length: 300, nullable: true })
  partnerUrl: string | null;

  @Column({ type: 'varchar', length: 300 })
  imageUrl: string;

  @Column({ type: 'varchar', length: 300, default: '' })
  imageAlt: string;

  /** Responsive sizes of an uploaded image (null for the shipped artwork). */
  @Column({ type: 'simple-json', nullable: true })
  imageVariants: ImageVariant[] | null;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  /** The kind of room it takes for each night it covers (resource_kinds, type room; null: the partner keeps count). */
  @Column({ type: 'int', nullable: true })
  roomKindId: number | null;
}
