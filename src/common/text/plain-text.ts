import { Transform } from 'class-transformer';

import { plainText } from '../../../shared/plain-text';

export { plainText };

type Blank = 'keep' | 'undefined' | 'null';

/**
 * A DTO field of free text, cleaned by plainText before it is validated. `blank` says what an
 * empty value becomes: kept as '' (a required field then fails IsNotEmpty), left out, or null
 * (clears a stored value).
 */
export const CleanText = (shape: 'line' | 'lines', blank: Blank = 'keep'): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const text = plainText(value, shape);
    if (text !== '' || blank === 'keep') return text;
    return blank === 'null' ? null : undefined;
  });
