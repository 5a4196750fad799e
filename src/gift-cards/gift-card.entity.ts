import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';
import type { Lang } from '../../shared/languages';
import type { GiftCardKind, GiftCardOrigin, GiftCardStatus } from '../../shared/gift-cards';

/**
 * A gift card: a code that pays for bookings up to its balance until it expires. Its balance
 * changes only through the ledger (GiftCardLedger), one entry per change, with the row locked.
 * The buyer's and recipient's details are personal data (erased with the guest); the balance and
 * its history are money, and stay.
 */
@Entity('gift_cards')
@Index('IDX_gift_cards_code', ['code'], { unique: true })
@Index('IDX_gift_cards_stripe_session', ['stripeSessionId'], { unique: true })
@Index('IDX_gift_cards_buyer', ['buyerEmail'])
@Index('IDX_gift_cards_recipient', ['recipientEmail'])
export class GiftCard {
  @PrimaryGeneratedColumn()
  id: number;

  /** Twelve characters of an alphabet without look-alikes, kept without dashes (gift-card-codes.ts). */
  @Column({ type: 'varchar', length: 20 })
  code: string;

  /** `amount`: a value for any tour (a multi-purpose voucher); `tour`: a named tour for a number of guests. */
  @Column({ type: 'varchar', length: 20 })
  kind: GiftCardKind;

  /** `staff`: issued by hand (compensation, a prize); `purchase`: bought on the site. */
  @Column({ type: 'varchar', length: 20 })
  origin: GiftCardOrigin;

  @Column({ type: 'varchar', length: 20, default: 'active' })
  status: GiftCardStatus;

  @Column({ type: 'int' })
  initialOre: number;

  @Column({ type: 'int' })
  balanceOre: number;

  @Column({ type: 'datetime' })
  expiresAt: Date;

  @Column({ type: 'int', nullable: true })
  tourId: number | null;

  @Column({ type: 'int', nullable: true })
  guests: number | null;

  /** The language its card and mails are in. */
  @Column({ type: 'varchar', length: 5, default: 'en' })
  language: Lang;

  @Column({ type: 'varchar', length: 120, nullable: true })
  buyerName: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  buyerEmail: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  recipientName: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  recipientEmail: string | null;

  /** The buyer's words to the recipient, printed on the card. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  message: string | null;

  /** Staff's note: why it was issued or voided. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  note: string | null;

  /** The staff member who issued it by hand. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  issuedBy: string | null;

  @Column({ type: 'datetime', nullable: true })
  voidedAt: Date | null;

  /** A card bought on the site: its Checkout Session, by which Stripe's word on the payment finds it. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  stripeSessionId: string | null;

  /** When the recipient is mailed the card (null: at once when paid). */
  @Column({ type: 'datetime', nullable: true })
  sendAt: Date | null;

  @Column({ type: 'datetime', nullable: true })
  paidAt: Date | null;

  @CreatedAt()
  createdAt: Date;
}
