import { Global, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { ensureMysqlDatabase } from '../database/ensure-mysql-database';
import { prepareDatabase } from './prepare-database';
import { reuseSqliteStatements } from '../database/sqlite-statements';
import { NightlyBackups } from './backup/nightly-backups';

@Injectable()
class DatabasePreparation implements OnModuleInit {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onModuleInit(): Promise<void> {
    return prepareDatabase(this.dataSource);
  }
}

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: async (config: AppConfig) => {
        if (config.database.type === 'mysql') await ensureMysqlDatabase(config.database.url);
        return { ...dataSourceOptions(config.database), retryAttempts: 3, retryDelay: 1000 };
      },
      dataSourceFactory: async (options) => reuseSqliteStatements(await new DataSource(options!).initialize()),
    }),
  ],
  providers: [DatabasePreparation, NightlyBackups],
})
export class DatabaseModule {}
