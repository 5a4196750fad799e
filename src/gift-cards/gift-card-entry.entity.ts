import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';
import type { GiftCardEntryKind } from '../../shared/gift-cards';
import { GiftCard } from './gift-card.entity';

/**
 * One change of a gift card's balance, written with it under the card's lock: never changed or
 * removed, so a card's history is the sum of its entries (`balanceAfterOre` the running total).
 */
@Entity('gift_card_entries')
@Index('IDX_gift_card_entries_card', ['giftCardId', 'id'])
@Index('IDX_gift_card_entries_booking', ['bookingId'])
export class GiftCardEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  giftCardId: number;

  @ManyToOne(() => GiftCard, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'gift_card_id', foreignKeyConstraintName: 'FK_gift_card_entries_card' })
  giftCard?: GiftCard;

  @Column({ type: 'varchar', length: 20 })
  kind: GiftCardEntryKind;

  /** In öre: positive onto the card (issued, given back), negative off it (spent, voided). */
  @Column({ type: 'int' })
  amountOre: number;

  @Column({ type: 'int' })
  balanceAfterOre: number;

  @Column({ type: 'int', nullable: true })
  bookingId: number | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  bookingReference: string | null;

  /** Who made it: a staff member's email, `guest`, or `system`. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  actor: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note: string | null;

  @CreatedAt()
  createdAt: Date;
}
