import { createConnection } from 'mysql2/promise';

/** Drops and creates a database on the server a mysql:// URL points at. */
export async function recreateDatabase(url: string): Promise<void> {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Refusing an unusual test database name: ${name}`);
  const connection = await createConnection({
    host: parsed.hostname,
    port: Number(parsed.port || 3306),
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
  });
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await connection.end();
  }
}

/** The test database named in `TEST_DATABASE_URL` (or the default). */
export const baseTestDatabaseUrl = (): string => process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306/arctic_test';

/**
 * Jest worker `worker`'s own copy of that database (`arctic_test_w2`): suites in two workers run at
 * the same time, and on one database each app's background workers would claim the other suite's
 * mails and refunds.
 */
export const workerDatabaseUrl = (worker: number): string => baseTestDatabaseUrl().replace(/\/([^/?]+)(\?|$)/, `/$1_w${worker}$2`);
