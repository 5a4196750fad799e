/* `npm run admin:create -- --email staff@example.com`: create an admin, or reset its password. */
import 'reflect-metadata';

import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

import { DataSource } from 'typeorm';

import { AppConfig } from './config/app-config';
import { dataSourceOptions } from './app-data/data-source-options';
import { prepareDatabase } from './app-data/prepare-database';
import { ensureMysqlDatabase } from './database/ensure-mysql-database';
import { hashPassword } from './admin/auth/passwords';
import { AdminUser } from './admin/admin-user.entity';
import { AuditLogService } from './common/audit/audit-log.service';

const MIN_PASSWORD = 10;

/** Reads the password without echoing it on a terminal; from the first line of stdin otherwise. */
function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  const terminal = input.isTTY === true;
  const reader = createInterface({ input, output: process.stdout, terminal });
  return new Promise((resolve) => {
    if (terminal) {
      process.stdout.write(prompt);
      (reader as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => undefined;
    }
    reader.once('line', (line) => {
      reader.close();
      if (terminal) process.stdout.write('\n');
      resolve(line);
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    console.error('Usage: npm run admin:create -- --email staff@example.com');
    process.exit(2);
  }
  const password = await readPassword(`Password for ${email}: `);
  if (password.length < MIN_PASSWORD) {
    console.error(`The password must be at least ${MIN_PASSWORD} characters.`);
    process.exit(2);
  }

  const database = AppConfig.fromEnvironment(process.env).database;
  // As `npm start` does: a MySQL database that does not exist yet is created.
  if (database.type === 'mysql') await ensureMysqlDatabase(database.url);
  const dataSource = new DataSource(dataSourceOptions(database));
  await dataSource.initialize();
  try {
    await prepareDatabase(dataSource);
    const admins = dataSource.getRepository(AdminUser);
    const passwordHash = await hashPassword(password);
    const existing = await admins.findOneBy({ email });
    if (existing) {
      // A reset also ends every token issued before it.
      await admins.update({ id: existing.id }, { passwordHash, tokenVersion: existing.tokenVersion + 1 });
    } else {
      await admins.insert({ email, passwordHash });
    }
    await AuditLogService.recordWith(dataSource.manager, 'command line', existing ? 'admin.reset' : 'admin.create', email);
    console.log(existing ? `Reset the password of ${email}.` : `Created admin ${email}.`);
  } finally {
    await dataSource.destroy();
  }
}

void main();
