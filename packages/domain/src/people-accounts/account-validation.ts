/** One field's problem, in the words the form shows under that field and the API answers with. */
export interface AccountFieldError<Field extends string> {
  field: Field;
  message: string;
}

/**
 * Outcome of a people-account validation: the cleaned value, or every problem in form order (the
 * server answers with the first one).
 */
export type AccountValidation<Value, Field extends string> =
  | { ok: true; value: Value }
  | { ok: false; errors: AccountFieldError<Field>[] };

const DIGITS = /^\d+$/;

/**
 * A chosen reference id (a select's value): a positive safe integer, or its digits as text.
 * Anything else (nothing chosen, '', 0, 'Not selected') is null.
 */
export const selectedId = (value: unknown): number | null => {
  const text = typeof value === 'string' ? value.trim() : value;
  const id =
    typeof text === 'number'
      ? text
      : typeof text === 'string' && DIGITS.test(text)
        ? Number(text)
        : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};
