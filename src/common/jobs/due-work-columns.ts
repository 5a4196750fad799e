import { Column } from 'typeorm';

/** The columns every kind of due work keeps (its entity adds what the work is, and its id). */
export abstract class DueWorkColumns<Status extends string> {
  /** `pending` until done (or `failed` after the last try); each kind names its done state. */
  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: Status;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** When the work is due; while a worker holds it, the end of its lease. */
  @Column({ type: 'datetime' })
  nextAttemptAt: Date;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;
}
