import { Column, Entity, Index, OneToMany, PrimaryColumn } from 'typeorm';

import { CreatedAt, UpdatedAt } from '../database/columns';
import type { ChatMessage } from './chat-message.entity';

@Entity('chat_conversations')
@Index(['updatedAt'])
export class ChatConversation {
  /** A random UUID handed to the browser. */
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipHash: string | null;

  @Column({ type: 'varchar', length: 300 })
  firstQuestion: string;

  @Column({ type: 'int', default: 0 })
  messageCount: number;

  @OneToMany('ChatMessage', (message: ChatMessage) => message.conversation)
  messages: ChatMessage[];

  @CreatedAt()
  createdAt: Date;

  @UpdatedAt()
  updatedAt: Date;
}
