import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import type { ImageVariant } from '../../shared/api-types';
import { CreatedAt, UpdatedAt } from '../database/columns';

@Entity('blog_posts')
@Index(['publishedAt'])
export class BlogPost {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 160, unique: true })
  slug: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text' })
  excerpt: string;

  /** HTML from the editors; sanitised on the way out. */
  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'varchar', length: 300 })
  coverImageUrl: string;

  @Column({ type: 'varchar', length: 300 })
  coverImageAlt: string;

  @Column({ type: 'varchar', length: 120 })
  author: string;

  /** Shown from this moment on, unless a draft: later than now is scheduled. */
  @Column({ type: 'datetime' })
  publishedAt: Date;

  /** A draft is never shown, whatever publishedAt says. */
  @Column({ type: 'boolean', default: false })
  isDraft: boolean;

  /** Responsive sizes of an uploaded cover (null for the shipped artwork). */
  @Column({ type: 'simple-json', nullable: true })
  coverImageVariants: ImageVariant[] | null;

  @CreatedAt()
  createdAt: Date;

  @UpdatedAt()
  updatedAt: Date;
}
