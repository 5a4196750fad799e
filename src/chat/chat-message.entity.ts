import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';
import { ChatConversation } from './chat-conversation.entity';
import type { MissedReason } from './guide/missed-answer';

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

  /** A guide's answer staff should read (see `missedReason`): nothing of ours grounded it, it repeated itself, or the guest said it did not help. */
  @Column({ type: 'boolean', default: false })
  unanswered: boolean;

  /** Why it is marked; null when it is not. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  unansweredReason: MissedReason | null;

  @CreatedAt()
  createdAt: Date;
}
