/** Characters people and systems put between card digits; removed before regrouping. */
const CARD_SEPARATORS = /[\s-]/g;

/** Groups of four characters, each followed by a space unless it ends the number. */
const GROUP_OF_FOUR = /(.{4})(?=.)/g;

/**
 * SPEC §2: card numbers are shown in groups of four digits. Existing spaces and dashes are
 * removed first; a trailing short group stays short ("8600123412341234" → "8600 1234 1234 1234",
 * "860012341234123" → "8600 1234 1234 123").
 */
export const formatCardNumber = (cardNumber: string): string =>
  cardNumber.replace(CARD_SEPARATORS, '').replace(GROUP_OF_FOUR, '$1 ');
