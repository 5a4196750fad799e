import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface HealthReport {
  status: 'ok';
  database: { type: string; status: 'up' };
  uptimeSeconds: number;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  async check(): Promise<HealthReport> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ServiceUnavailableException('The database does not answer.');
    }
    return {
      status: 'ok',
      database: { type: this.dataSource.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql', status: 'up' },
      uptimeSeconds: Math.round(process.uptime()),
    };
  }
}
