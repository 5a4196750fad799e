import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Where a tour operates from: Kiruna or Abisko. */
@Entity('locations')
export class Location {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 40, unique: true })
  name: string;

  @Column({ type: 'varchar', length: 40, unique: true })
  slug: string;

  @Column({ type: 'int', default: 0 })
  sortOrder: number;
}
