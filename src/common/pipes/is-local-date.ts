import { isISO8601, ValidateBy, type ValidationOptions } from 'class-validator';

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as YYYY-MM-DD (no time): "2026-02-30" is refused, not read as 2 March. */
export const IsLocalDate = (options: ValidationOptions): PropertyDecorator =>
  ValidateBy({ name: 'isLocalDate', validator: { validate: (value: unknown) => typeof value === 'string' && LOCAL_DATE.test(value) && isISO8601(value, { strict: true }) } }, options);
