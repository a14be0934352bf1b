/**
 * SPEC §5 and §9: a phone number is shown only when it has its currency's exact prefix and
 * length (KGS +996, UZS +998, AZN +994: 13 characters; RUB +7: 12 characters).
 */
const PHONE_RULES = {
  KGS: { prefix: '+996', length: 13 },
  UZS: { prefix: '+998', length: 13 },
  AZN: { prefix: '+994', length: 13 },
  RUB: { prefix: '+7', length: 12 },
} as const satisfies Record<string, { prefix: string; length: number }>;

export const INVALID_PHONE_NUMBER_FORMAT = 'invalid phone number format';

export class InvalidPhoneNumberFormatError extends Error {
  override name = 'InvalidPhoneNumberFormatError';
  constructor() {
    super(INVALID_PHONE_NUMBER_FORMAT);
  }
}

const hasPhoneRule = (code: string): code is keyof typeof PHONE_RULES => code in PHONE_RULES;

/**
 * Grouped display: "+998 90 123 45 67" for the 9-digit Central Asian and Caucasus numbers, and
 * "+7 (912) 345-67-89" for Russian ones — the same shape as the withdrawal mask.
 * Throws InvalidPhoneNumberFormatError when prefix, length or digits do not match.
 */
export const formatPhoneForDisplay = (phone: string, currencyCode: string): string => {
  const value = phone.trim();
  const code = currencyCode.toUpperCase();
  if (!hasPhoneRule(code)) throw new InvalidPhoneNumberFormatError();
  const { prefix, length } = PHONE_RULES[code];
  const national = value.slice(prefix.length);
  if (!value.startsWith(prefix) || value.length !== length || !/^\d+$/.test(national)) {
    throw new InvalidPhoneNumberFormatError();
  }
  if (code === 'RUB') {
    return `${prefix} (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}`;
  }
  return `${prefix} ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5, 7)} ${national.slice(7)}`;
};

export type PhoneDisplayResult = { ok: true; text: string } | { ok: false; error: string };

/** Non-throwing formatPhoneForDisplay, for rendering lists. */
export const tryFormatPhoneForDisplay = (
  phone: string,
  currencyCode: string,
): PhoneDisplayResult => {
  try {
    return { ok: true, text: formatPhoneForDisplay(phone, currencyCode) };
  } catch (error) {
    if (error instanceof InvalidPhoneNumberFormatError) return { ok: false, error: error.message };
    throw error;
  }
};
