import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../../database/columns';

/**
 * One login count: for an address (any email), or for one email from one address. Rows are
 * locked while an attempt is admitted, so parallel guesses are counted one after the other.
 */
@Entity('login_throttles')
export class LoginThrottle {
  /** `address:<address>` or `account:<sha256 of email and address>`. */
  @PrimaryColumn({ type: 'varchar', length: 80 })
  throttleKey: string;

  /** Failed (or still running) attempts counted since `windowStartedAt`. */
  @Column({ type: 'int', default: 0 })
  failures: number;

  @Column({ type: 'datetime' })
  windowStartedAt: Date;

  /** No attempt before this (the growing delay of an email from one address). */
  @Column({ type: 'datetime', nullable: true })
  nextAttemptAt: Date | null;
}

/** A login that failed its password check, for the staff dashboard (kept 90 days). */
@Entity('failed_logins')
@Index(['createdAt'])
export class FailedLogin {
  @PrimaryGeneratedColumn()
  id: number;

  /** The email as it was tried, known or not. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** The visitor's address (IPv6 as its /64). */
  @Column({ type: 'varchar', length: 64 })
  address: string;

  @CreatedAt()
  createdAt: Date;
}
