/** 32 characters with no 0/O or 1/I: easy to read out on the phone. 10 of them carry 50 bits. */
export const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Characters in each of a reference's two groups (NAT-7K4Q9-XH2MR). */
export const REFERENCE_GROUP = 5;

/** Today's references, and the six-character ones of bookings made before they grew. */
export const BOOKING_REFERENCE_PATTERN = new RegExp(`^NAT-([${REFERENCE_ALPHABET}]{${REFERENCE_GROUP}}-[${REFERENCE_ALPHABET}]{${REFERENCE_GROUP}}|[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6})$`);

/** What a guest typed, as stored: upper case, no surrounding space. */
export const normalizeReference = (reference: string): string => reference.trim().toUpperCase();

/** Whether what a guest typed or a link carries can be a booking reference at all (in any case). */
export const isBookingReference = (text: string): boolean => BOOKING_REFERENCE_PATTERN.test(normalizeReference(text));
