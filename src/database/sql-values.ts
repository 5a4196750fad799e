/**
 * A datetime from a raw query: mysql2 gives a Date, SQLite the UTC text TypeORM stored
 * ("2026-11-22 19:00:00.000").
 */
export function toDate(value: Date | string): Date {
  if (value instanceof Date) return value;
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
}
