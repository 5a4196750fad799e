import { randomInt } from 'node:crypto';

import { REFERENCE_ALPHABET, REFERENCE_GROUP } from '../../shared/booking-reference';

const group = (): string => Array.from({ length: REFERENCE_GROUP }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');

/** A random, readable booking reference such as NAT-7K4Q9-XH2MR. */
export function newBookingReference(): string {
  return `NAT-${group()}-${group()}`;
}
