import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import type { Lang } from '../../../shared/languages';

/** What content a translation belongs to (FAQ entries and stays so far; tours and posts follow). */
export type TranslatedSubject = 'faq' | 'stay' | 'tour' | 'post' | 'pickup';

/**
 * One field of one piece of content in another language than English (the content's own row
 * keeps English, the spec's language): the FAQ entry 3's question in German, say. A field with
 * no row here is shown in English.
 */
@Entity('content_translations')
@Index(['subject', 'subjectId', 'language', 'field'], { unique: true })
export class ContentTranslation {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  subject: TranslatedSubject;

  @Column({ type: 'int' })
  subjectId: number;

  @Column({ type: 'varchar', length: 2 })
  language: Lang;

  /** A field's name: `title`, or a tour's option words' `c:{code}`, `q:{code}` and `o:{code}:{choice}`. */
  @Column({ type: 'varchar', length: 64 })
  field: string;

  @Column({ type: 'text' })
  text: string;
}
