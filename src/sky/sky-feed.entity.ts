import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * What one source last said for one place (the Kp, for everywhere: place `all`), read into
 * our own shape (`payload`, JSON), with when it was fetched and when it is due again: once
 * across replicas, on the source's own schedule and cache headers, never per page view.
 */
@Entity('sky_feeds')
@Index(['source', 'place'], { unique: true })
export class SkyFeed {
  @PrimaryGeneratedColumn()
  id: number;

  /** `kp-forecast`, `kp-observed`, `met-clouds`, `met-sun`, `met-moon`. */
  @Column({ type: 'varchar', length: 20 })
  source: string;

  /** `kiruna`, `abisko`, or `all`. */
  @Column({ type: 'varchar', length: 10 })
  place: string;

  /** The source's answer as the adapter read it (JSON); null until a first fetch succeeds. */
  @Column({ type: 'text', nullable: true })
  payload: string | null;

  /** When the payload was fetched (a 304 keeps it and moves checkedAt only). */
  @Column({ type: 'datetime', nullable: true })
  fetchedAt: Date | null;

  @Column({ type: 'datetime', nullable: true })
  checkedAt: Date | null;

  /** The source's `Last-Modified`, sent back as `If-Modified-Since`. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  lastModified: string | null;

  /** When it is due again; while a process fetches it, the end of its lease. */
  @Column({ type: 'datetime' })
  nextFetchAt: Date;

  @Column({ type: 'int', default: 0 })
  failures: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  /** The source answered 203: this version of its API is deprecated (logged; the data is still used). */
  @Column({ type: 'boolean', default: false })
  deprecated: boolean;
}
