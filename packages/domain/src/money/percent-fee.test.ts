import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isChargeableFeePercent, percentFeeOf } from './percent-fee.ts';

describe('percentFeeOf', () => {
  it('takes an exact percentage, rounding half up to a minor unit', () => {
    expect(percentFeeOf(1_000_000n, '2.5')).toBe(25_000n);
    expect(percentFeeOf(1_000n, '0.05')).toBe(1n); // 0.5 rounds up
    expect(percentFeeOf(1_000n, '0.04')).toBe(0n); // 0.4 rounds down
    expect(percentFeeOf(123_456_789n, '100')).toBe(123_456_789n);
    expect(percentFeeOf(5n, '0')).toBe(0n);
  });

  it('stays exact beyond the range of floating point numbers', () => {
    const huge = 2n ** 70n;
    expect(percentFeeOf(huge, '50')).toBe(huge / 2n);
  });

  it('refuses what is not a percentage from 0 to 100', () => {
    for (const percent of ['', 'abc', '-1', '100.5', '1e2', '1.1234567', '2,5']) {
      expect(percentFeeOf(1_000n, percent), percent).toBeNull();
      expect(isChargeableFeePercent(percent), percent).toBe(false);
    }
    for (const percent of ['0', '2.5', '100', '99.999999']) {
      expect(isChargeableFeePercent(percent), percent).toBe(true);
    }
  });

  it('never exceeds the amount and grows with the percent', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, hundredths) => {
          const percent = (hundredths / 100).toFixed(2);
          const fee = percentFeeOf(amount, percent) ?? -1n;
          expect(fee >= 0n && fee <= amount).toBe(true);
          const higher = percentFeeOf(amount, ((hundredths + 1) / 100).toFixed(2));
          if (hundredths < 10_000) expect((higher ?? 0n) >= fee).toBe(true);
        },
      ),
    );
  });
});
