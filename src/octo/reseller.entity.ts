import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';

/**
 * A reseller (an OTA, a channel manager) with its key to the OCTO API. The key is shown once,
 * when staff create it; only its SHA-256 is kept.
 */
@Entity('resellers')
export class Reseller {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  /** SHA-256 of the key, hex: the key is 256 random bits, so a fast hash is safe to look it up by. */
  @Column({ type: 'varchar', length: 64, unique: true })
  keyHash: string;

  /** The key's last characters, for staff to tell keys apart. */
  @Column({ type: 'varchar', length: 12 })
  keyHint: string;

  /** The reseller's commission off the retail price, in percent: the net price is what is left. */
  @Column({ type: 'int', default: 0 })
  commissionPercent: number;

  /** The tours (by id) it may sell; null: every published tour. */
  @Column({ type: 'simple-json', nullable: true })
  tourIds: number[] | null;

  /** Seats its reservations not yet confirmed may keep at once, over every departure. */
  @Column({ type: 'int', default: 24 })
  heldSeats: number;

  /** Calls per minute the key may make. */
  @Column({ type: 'int', default: 120 })
  requestsPerMinute: number;

  @Column({ type: 'datetime', nullable: true })
  revokedAt: Date | null;

  @CreatedAt()
  createdAt: Date;
}
