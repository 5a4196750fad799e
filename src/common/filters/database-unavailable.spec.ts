import { BadRequestException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';

import { toErrorBody } from './all-exceptions.filter';
import { isDatabaseUnavailable } from './database-unavailable';

const failure = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(code), { code, ...extra });

describe(isDatabaseUnavailable.name, () => {
  it.each([
    ['a refused connection', failure('ECONNREFUSED', { fatal: true })],
    ['a connection lost mid-query', failure('PROTOCOL_CONNECTION_LOST', { fatal: true })],
    ['too many connections', failure('ER_CON_COUNT_ERROR')],
    ['a server shutting down', failure('ER_SERVER_SHUTDOWN')],
    ['any error that ended a mysql2 connection', failure('ER_HANDSHAKE_ERROR', { fatal: true })],
    ['SQLite locked past its busy timeout', failure('SQLITE_BUSY')],
    ['a full disk under SQLite', failure('SQLITE_FULL')],
    ['an I/O error under SQLite', failure('SQLITE_IOERR_WRITE')],
    ['a lost connection inside TypeORM\'s QueryFailedError', new QueryFailedError('SELECT 1', [], failure('PROTOCOL_CONNECTION_LOST', { fatal: true }))],
  ])('is true for %s', (_what, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a duplicate key', new QueryFailedError('INSERT', [], failure('ER_DUP_ENTRY'))],
    ['a deadlock (the transaction is retried)', failure('ER_LOCK_DEADLOCK')],
    ['a constraint under SQLite', failure('SQLITE_CONSTRAINT_UNIQUE')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a refusal of ours', new BadRequestException('no')],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_what, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});

describe('toErrorBody for a database that does not answer', () => {
  it('is a 503 that says to try again, never a 500', () => {
    expect(toErrorBody(failure('ECONNREFUSED'))).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'We cannot reach our booking system just now. Please try again in a moment.',
    });
    expect(toErrorBody(new TypeError('x')).statusCode).toBe(500);
  });
});
