/* `npm run restore -- ARCHIVE [--replace]`: restores a backup into the database `npm start` would use (see docs/operations.md). */
import 'reflect-metadata';

import { parseArgs } from 'node:util';

import { AppConfig } from './config/app-config';
import { restoreBackup, RestoreRefused } from './app-data/backup/backups';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { replace: { type: 'boolean', default: false } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error('Usage: npm run restore -- BACKUP_DIR/norrsken-<time>.tar.gz [--replace]');
    process.exit(2);
  }
  const config = AppConfig.fromEnvironment(process.env);
  const report = await restoreBackup(config, positionals[0]!, { replace: values.replace });
  console.log(
    `restore: ${report.manifest.database} snapshot of ${report.manifest.createdAt}: ${report.tables} tables, ${report.rows} rows (as the archive counted them), ${report.uploads} uploaded files; ${report.migrationsRun} migrations run since; ${report.confirmedBookings} confirmed bookings, each on its departure and within its seats`,
  );
}

main().catch((error: unknown) => {
  console.error(`restore ${error instanceof RestoreRefused ? 'refused' : 'failed'}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof RestoreRefused ? 2 : 1);
});
