import { ValidateIf } from 'class-validator';

/** A field that may be left out of a request, but is never null (IsOptional would let null through to code that needs a value). */
export const Omittable = (): PropertyDecorator => ValidateIf((_dto: object, value: unknown) => value !== undefined);
