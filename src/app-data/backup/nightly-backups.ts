import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TZDate } from '@date-fns/tz';
import { DataSource } from 'typeorm';

import { COMPANY } from '../../../shared/company';
import { newestArchive } from '../../common/backups/backup-archives';
import { clock } from '../../common/clock';
import { AppConfig } from '../../config/app-config';
import { isMysqlFamily } from '../../database/dialect';
import { takeBackup } from './backups';

const LOCK_NAME = 'norrsken_backup';
/** An archive this recent means another replica made tonight's. */
const RECENT_HOURS = 12;

/** The next time it is `at` ("03:15") on Kiruna's clock after `now`, right across DST switches. */
export function nextKirunaTime(at: string, now: Date): Date {
  const [hours, minutes] = at.split(':').map(Number) as [number, number];
  const today = new TZDate(now.getTime(), COMPANY.timeZone);
  for (let offset = 0; ; offset++) {
    const candidate = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + offset, hours, minutes, COMPANY.timeZone);
    if (candidate.getTime() > now.getTime()) return new Date(candidate.getTime());
  }
}

/**
 * The backup the app takes itself every night at BACKUP_AT (Kiruna time), as `npm run backup`
 * does: on MySQL, replicas take a named lock without waiting and the one that gets it backs up
 * unless an archive from the last 12 hours is there already, so one archive a night whatever the
 * replicas; on SQLite there is one process. A failure is logged and /health's backup age says
 * so the next morning.
 */
@Injectable()
export class NightlyBackups implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(NightlyBackups.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.backup.at) this.schedule();
  }

  onModuleDestroy(): void {
    clearTimeout(this.timer);
  }

  private schedule(): void {
    const now = clock.now();
    const next = nextKirunaTime(this.config.backup.at!, now);
    this.timer = setTimeout(() => void this.runOnce().finally(() => this.schedule()), next.getTime() - now.getTime());
    this.timer.unref();
  }

  /** Tonight's backup, if this replica is the one to take it; whether it took one. */
  async runOnce(now = clock.now()): Promise<boolean> {
    const mysql = isMysqlFamily(this.dataSource.options);
    const runner = this.dataSource.createQueryRunner();
    try {
      if (mysql) {
        const [row] = (await runner.query('SELECT GET_LOCK(?, 0) AS got', [LOCK_NAME])) as { got: number | string | null }[];
        if (Number(row?.got) !== 1) return false;
      }
      const newest = newestArchive(this.config.backup.dir, now);
      if (newest && newest.ageHours < RECENT_HOURS) return false;
      const { archive, removed } = await takeBackup(this.config, now);
      this.logger.log(`Backed up to ${archive}${removed.length ? `; removed ${removed.length} older archives` : ''}`);
      return true;
    } catch (error) {
      this.logger.error(`The nightly backup failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    } finally {
      if (mysql) await runner.query('SELECT RELEASE_LOCK(?)', [LOCK_NAME]).catch(() => undefined);
      await runner.release();
    }
  }
}
