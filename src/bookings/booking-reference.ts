import { randomInt } from 'node:crypto';

/** 32 characters with no 0/O or 1/I: easy to read out on the phone. 10 of them carry 50 bits. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GROUP = 5;

const group = (): string => Array.from({ length: GROUP }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A random, readable booking reference such as NAT-7K4Q9-XH2MR. */
export function newBookingReference(): string {
  return `NAT-${group()}-${group()}`;
}

/** Today's references, and the six-character ones of bookings made before they grew. */
export const BOOKING_REFERENCE_PATTERN = new RegExp(`^NAT-([${ALPHABET}]{${GROUP}}-[${ALPHABET}]{${GROUP}}|[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6})$`);

/** What a guest typed, as stored: upper case, no surrounding space. */
export const normalizeReference = (reference: string): string => reference.trim().toUpperCase();
