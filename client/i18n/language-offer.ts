/** Remembered for the visit once declined or once a language is chosen: the offer is made once. */
export const DECLINED_KEY = 'norrsken_language_offer';
