import { Column, Entity, Index, OneToMany, PrimaryColumn } from 'typeorm';

import { CreatedAt, UpdatedAt } from '../database/columns';
import type { GuideOffer } from './guide/guide-catalogue';
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

  /** The language the guide last answered in. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: string;

  /** The seats the guide offered to hold and what the guest has given for them so far. */
  @Column({ type: 'simple-json', nullable: true })
  offer: GuideOffer | null;

  /** Set with each offer; a hold takes it (a conditional update), so one offer holds once. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  offerKey: string | null;

  /** The booking the guide last held seats for: staff see which conversations led to bookings. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  @Index()
  bookingReference: string | null;

  @OneToMany('ChatMessage', (message: ChatMessage) => message.conversation)
  messages: ChatMessage[];

  @CreatedAt()
  createdAt: Date;

  @UpdatedAt()
  updatedAt: Date;
}
