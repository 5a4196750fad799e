import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';
import { ChatConversation } from './chat-conversation.entity';

export type ChatRole = 'guest' | 'guide';

export interface SuggestedTour {
  slug: string;
  title: string;
  priceSek: number;
  durationHours: number;
}

@Entity('chat_messages')
@Index(['conversationId', 'createdAt'])
export class ChatMessage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 36 })
  conversationId: string;

  @ManyToOne(() => ChatConversation, (conversation) => conversation.messages, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: ChatConversation;

  @Column({ type: 'varchar', length: 10 })
  role: ChatRole;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'simple-json', nullable: true })
  tours: SuggestedTour[] | null;

  /** A guide's answer that nothing of ours grounded (the built-in guide's "I'm not sure"): marked for staff. */
  @Column({ type: 'boolean', default: false })
  unanswered: boolean;

  @CreatedAt()
  createdAt: Date;
}
