import {
  type AmountDisplayCurrency,
  CREDENTIAL_TYPE_CODES,
  formatAmount,
  formatCardNumber,
  type MinorUnitsInput,
} from '@paygate/domain';

/** The details route of an account (SPEC §2 /accounts/:id). */
export const accountPath = (accountId: number): string => `/accounts/${accountId}`;

/** SPEC §2: the enabled flag as text, for people who may not toggle it. */
export const enabledText = (enabled: boolean): string => (enabled ? 'On' : 'Off');

/**
 * SPEC §5 amount display (minor units / 10^dimension, with the code) in the account's currency.
 * A currency without a usable dimension shows the minor units as they are, marked as such.
 */
export const accountAmountText = (
  minor: MinorUnitsInput,
  currency: AmountDisplayCurrency | null | undefined,
): string => {
  if (currency) {
    try {
      return formatAmount(minor, currency);
    } catch {
      // Not a usable dimension: fall through to the raw minor units.
    }
  }
  return `${String(minor)} minor units`;
};

/** A credential value as shown: card numbers in groups of four (SPEC §2), others as stored. */
export const credentialValueText = (credential: {
  credentialType: { code: string | null };
  value: string;
}): string =>
  credential.credentialType.code === CREDENTIAL_TYPE_CODES.card
    ? formatCardNumber(credential.value)
    : credential.value;

/** A positive whole account id from the route, or null. */
export const accountIdFromRoute = (text: string | undefined): number | null => {
  if (!text || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Field errors for formik: the first message of each field, in form order. */
export const fieldErrorsOf = <Field extends string>(
  errors: readonly { field: Field; message: string }[],
): Partial<Record<Field, string>> => {
  const result: Partial<Record<Field, string>> = {};
  for (const { field, message } of errors) result[field] ??= message;
  return result;
};
