import { Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per guest address or email, locked (SELECT … FOR UPDATE) while a hold or a
 * confirmation is checked against the per-guest limits, so that parallel requests from one
 * guest for different departures cannot all pass the same count.
 */
@Entity('guest_locks')
export class GuestLock {
  @PrimaryColumn({ type: 'varchar', length: 80 })
  lockKey: string;
}
