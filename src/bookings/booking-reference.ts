import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: easy to read out on the phone. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 6;

/** A random, readable booking reference such as NAT-7K4Q9X. */
export function newBookingReference(): string {
  let code = '';
  for (let index = 0; index < LENGTH; index++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `NAT-${code}`;
}

export const BOOKING_REFERENCE_PATTERN = new RegExp(`^NAT-[${ALPHABET}]{${LENGTH}}$`);
