import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One of the 14 tour categories of spec section 9; `slug` is its landing path under /tours/. */
@Entity('categories')
export class Category {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 60, unique: true })
  name: string;

  @Column({ type: 'varchar', length: 60, unique: true })
  slug: string;

  @Column({ type: 'int', default: 0 })
  sortOrder: number;
}
