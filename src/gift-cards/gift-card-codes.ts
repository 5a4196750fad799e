import { randomInt } from 'node:crypto';

import { GIFT_CARD_ALPHABET, GIFT_CARD_CODE_LENGTH } from '../../shared/gift-cards';

/** A new code: each character drawn uniformly (crypto.randomInt) from the alphabet; about 59 bits. */
export function newGiftCardCode(): string {
  let code = '';
  for (let index = 0; index < GIFT_CARD_CODE_LENGTH; index++) code += GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)];
  return code;
}

/** The bits of chance in a code: what a guesser faces. */
export const GIFT_CARD_CODE_BITS = GIFT_CARD_CODE_LENGTH * Math.log2(GIFT_CARD_ALPHABET.length);
