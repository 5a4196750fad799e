/* `npm run backup`: a consistent snapshot of the database and the uploads, as an archive in BACKUP_DIR (see docs/operations.md). */
import 'reflect-metadata';

import { AppConfig } from './config/app-config';
import { takeBackup } from './app-data/backup/backups';

async function main(): Promise<void> {
  const config = AppConfig.fromEnvironment(process.env);
  const started = Date.now();
  const { archive, manifest, removed } = await takeBackup(config);
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  console.log(`backup: ${archive} (${manifest.database}, ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${Object.keys(manifest.files).length} files, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const name of removed) console.log(`backup: removed ${name} (beyond the last ${config.backup.keepDaily} days and ${config.backup.keepMonthly} months)`);
}

main().catch((error: unknown) => {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
