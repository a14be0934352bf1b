/** SPEC §2: card numbers are shown in groups of four digits ("8600 1234 5678 9012"). */
export const formatCardNumber = (cardNumber: string): string =>
  cardNumber.replace(/[\s-]/g, '').replace(/(.{4})(?=.)/g, '$1 ');
