import { describe, expect, it } from 'vitest';
import { isWithinPaymentAmountLimits, paymentAmountLimits } from './payment-amount-limits.ts';

describe('paymentAmountLimits', () => {
  const currency = { minValue: 1_000, maxValue: 5_000_000 };

  it("narrows the currency's limits to the method's, on either side", () => {
    expect(paymentAmountLimits(currency, { minAmount: 50_000, maxAmount: 10_000_000 })).toEqual({
      minValue: 50_000,
      maxValue: 5_000_000,
    });
    expect(paymentAmountLimits(currency, { minAmount: 100, maxAmount: 200_000 })).toEqual({
      minValue: 1_000,
      maxValue: 200_000,
    });
    expect(paymentAmountLimits(currency, undefined)).toEqual(currency);
  });

  it('works the same on the bigint minor units of the server', () => {
    const limits = paymentAmountLimits(
      { minValue: 1_000n, maxValue: 9_000_000_000_000_000_000n },
      { minAmount: 50_000n, maxAmount: 9_000_000_000_000_000_001n },
    );
    expect(limits).toEqual({ minValue: 50_000n, maxValue: 9_000_000_000_000_000_000n });
    expect(isWithinPaymentAmountLimits(9_000_000_000_000_000_000n, limits)).toBe(true);
    expect(isWithinPaymentAmountLimits(9_000_000_000_000_000_001n, limits)).toBe(false);
  });

  it('includes both ends', () => {
    const limits = { minValue: 50_000, maxValue: 200_000 };
    expect(isWithinPaymentAmountLimits(50_000, limits)).toBe(true);
    expect(isWithinPaymentAmountLimits(200_000, limits)).toBe(true);
    expect(isWithinPaymentAmountLimits(49_999, limits)).toBe(false);
    expect(isWithinPaymentAmountLimits(200_001, limits)).toBe(false);
  });

  it('never lets a payment be zero, whatever minimums of zero the currency and method have', () => {
    const zero = { minValue: 0, maxValue: 1_000_000 };
    expect(paymentAmountLimits(zero, { minAmount: 0, maxAmount: 500_000 })).toEqual({
      minValue: 1,
      maxValue: 500_000,
    });
    expect(paymentAmountLimits(zero, undefined)).toEqual({ minValue: 1, maxValue: 1_000_000 });
    const serverLimits = paymentAmountLimits(
      { minValue: 0n, maxValue: 1_000_000n },
      { minAmount: 0n, maxAmount: 500_000n },
    );
    expect(serverLimits).toEqual({ minValue: 1n, maxValue: 500_000n });
    expect(isWithinPaymentAmountLimits(0n, serverLimits)).toBe(false);
    expect(isWithinPaymentAmountLimits(1n, serverLimits)).toBe(true);
    expect(isWithinPaymentAmountLimits(-1, paymentAmountLimits(zero, undefined))).toBe(false);
  });
});
