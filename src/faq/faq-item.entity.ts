import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type FaqTopic = 'comparison' | 'northern-lights' | 'practical' | 'booking';

@Entity('faq_items')
export class FaqItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 300 })
  question: string;

  @Column({ type: 'text' })
  answer: string;

  @Column({ type: 'varchar', length: 40 })
  topic: FaqTopic;

  @Column({ type: 'int', default: 0 })
  sortOrder: number;
}
