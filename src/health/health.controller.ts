import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import { backupStatus, type BackupStatus } from '../common/backups/backup-archives';
import { ContentChanges } from '../common/cache/content-changes';
import { Draining } from '../common/http/draining';
import { AppConfig } from '../config/app-config';

export interface Readiness {
  status: 'ready';
  database: 'up';
  /** Down is reported, not refused: without Redis a replica still serves (it counts the rate limits on its own). */
  redis: 'up' | 'down' | 'not configured';
}

export interface HealthReport {
  status: 'ok';
  database: { type: string; status: 'up' };
  /** The newest archive in BACKUP_DIR: older than 26 hours is a warning (the site still serves). */
  backup: BackupStatus;
  uptimeSeconds: number;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: ContentChanges,
    private readonly config: AppConfig,
    private readonly stopping: Draining,
  ) {}

  /** Liveness: the process answers (a proxy or orchestrator restarts it when it does not). */
  @Get('live')
  @ApiOperation({ summary: 'Whether the process runs' })
  @ApiServiceUnavailableResponse({ description: 'Something it depends on does not answer' })
  @ApiOkResponse({ description: '{ status: "alive" }' })
  live(): { status: 'alive' } {
    return { status: 'alive' };
  }

  /**
   * Readiness: the database answers (503 otherwise). Redis is reported but not required: a
   * replica that cannot reach it still sells, so an orchestrator must not take every replica out
   * of service when Redis goes down.
   */
  @Get('ready')
  @ApiOperation({ summary: 'Whether the process can serve: the database answers' })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer, or the replica is stopping' })
  @ApiOkResponse({ description: 'Ready to serve; whether Redis answers' })
  async ready(): Promise<Readiness> {
    // Stopping: still serving what comes, but the proxy should send nothing new.
    if (this.stopping.draining) throw new ServiceUnavailableException('This replica is stopping.');
    const [, redis] = await Promise.all([this.assertDatabaseAnswers(), this.changes.redisAnswers()]);
    return { status: 'ready', database: 'up', redis: redis === null ? 'not configured' : redis ? 'up' : 'down' };
  }

  @Get()
  @ApiOperation({ summary: 'The health of the process and what it depends on' })
  @ApiServiceUnavailableResponse({ description: 'Something it depends on does not answer' })
  @ApiOkResponse({ description: 'Every part answers' })
  async check(): Promise<HealthReport> {
    await this.assertDatabaseAnswers();
    return {
      status: 'ok',
      database: { type: this.dataSource.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql', status: 'up' },
      backup: backupStatus(this.config.backup.dir),
      uptimeSeconds: Math.round(process.uptime()),
    };
  }

  private async assertDatabaseAnswers(): Promise<void> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ServiceUnavailableException('The database does not answer.');
    }
  }
}
