import { Logger } from '@nestjs/common';
import { createConnection } from 'mysql2/promise';

/**
 * Creates the database a mysql:// URL names when the server lacks it, so that a fresh
 * MySQL needs no manual step. Without the privilege to create it, the connection's own
 * error will say what is wrong.
 */
export async function ensureMysqlDatabase(url: string): Promise<void> {
  const parsed = new URL(url.replace(/^mariadb:/, 'mysql:'));
  const name = decodeURIComponent(parsed.pathname.slice(1));
  let connection;
  try {
    connection = await createConnection({
      host: parsed.hostname,
      port: Number(parsed.port || 3306),
      user: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
    });
    const [rows] = await connection.query('SELECT SCHEMA_NAME FROM INFORMATION_SCHEMA.SCHEMATA WHERE SCHEMA_NAME = ?', [name]);
    if ((rows as unknown[]).length === 0) {
      await connection.query(`CREATE DATABASE \`${name.replace(/`/g, '``')}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      new Logger('Database').log(`Created database ${name}`);
    }
  } catch (error) {
    new Logger('Database').warn(`Could not check or create database ${name}: ${(error as Error).message}`);
  } finally {
    await connection?.end();
  }
}
