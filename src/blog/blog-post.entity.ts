import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

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

  @Column({ type: 'datetime' })
  publishedAt: Date;

  @CreatedAt()
  createdAt: Date;

  @UpdatedAt()
  updatedAt: Date;
}
