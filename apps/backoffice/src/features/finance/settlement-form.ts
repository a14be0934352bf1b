import { parseDisplayAmountToNumber } from '@paygate/domain';
import * as yup from 'yup';

/** USDT amounts are kept in micro-USDT (6 decimals), like the server (decision 0004). */
export const USDT_DIMENSION = 6;

/** SPEC §5: field errors under the field, in generic wording. */
export const SETTLEMENT_MESSAGES = {
  required: 'Required',
  notNumeric: 'Must be a number',
  tooPrecise: (decimals: number) => `At most ${decimals} decimals`,
  notPositive: 'Must be greater than 0',
} as const;

export interface SettlementFormValues {
  baseAmount: string;
  settlementAmount: string;
}

const amountField = (dimension: number) =>
  yup
    .string()
    .trim()
    .required(SETTLEMENT_MESSAGES.required)
    .test('amount', (value, context) => {
      const parsed = parseDisplayAmountToNumber(value ?? '', dimension);
      if (parsed.ok) {
        return (
          parsed.value > 0 || context.createError({ message: SETTLEMENT_MESSAGES.notPositive })
        );
      }
      return context.createError({
        message:
          parsed.error === 'too-many-decimals'
            ? SETTLEMENT_MESSAGES.tooPrecise(dimension)
            : SETTLEMENT_MESSAGES.notNumeric,
      });
    });

/** The settlement form's rules: both amounts required and numeric (SPEC §5). */
export const settlementSchema = (baseDimension: number) =>
  yup.object({
    baseAmount: amountField(baseDimension),
    settlementAmount: amountField(USDT_DIMENSION),
  });

/** The POST /api/v1/settlement body in minor units, or null when the values do not parse. */
export const settlementPayload = (
  values: SettlementFormValues,
  baseDimension: number,
  terminalId: number,
): { baseAmount: number; settlementAmount: number; terminalId: number } | null => {
  const base = parseDisplayAmountToNumber(values.baseAmount, baseDimension);
  const usdt = parseDisplayAmountToNumber(values.settlementAmount, USDT_DIMENSION);
  if (!base.ok || !usdt.ok) return null;
  return { baseAmount: base.value, settlementAmount: usdt.value, terminalId };
};

/**
 * A new Idempotency-Key: 128 random bits in hex. getRandomValues, not randomUUID, which browsers
 * offer only to secure contexts.
 */
export const newIdempotencyKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
