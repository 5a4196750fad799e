import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AuditLogEntry } from './audit-log-entry.entity';
import { AuditLogService } from './audit-log.service';

/** The audit log, for every module whose changes staff make. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditLogEntry])],
  providers: [AuditLogService],
  exports: [AuditLogService],
})
export class AuditModule {}
