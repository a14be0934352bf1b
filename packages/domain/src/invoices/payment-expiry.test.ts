import { describe, expect, it } from 'vitest';
import { isPaymentExpired, MARKED_PAID_GRACE_HOURS, paymentExpiryOf } from './payment-expiry.ts';

const deadline = new Date('2026-11-27T10:00:00Z');
const payment = (
  status: string,
  flowType = 'DEPOSIT',
  customerMarkedPaidAt: Date | null = null,
) => ({
  status,
  flowType,
  expiresAt: deadline,
  customerMarkedPaidAt,
});

describe('paymentExpiryOf', () => {
  it('expires a new payment of either flow and a deposit waiting for its money at the deadline', () => {
    expect(paymentExpiryOf(payment('NEW'))).toEqual(deadline);
    expect(paymentExpiryOf(payment('NEW', 'WITHDRAWAL'))).toEqual(deadline);
    expect(paymentExpiryOf(payment('IN_PROGRESS'))).toEqual(deadline);
  });

  it('gives a deposit the customer said they paid the grace period more', () => {
    const marked = payment('IN_PROGRESS', 'DEPOSIT', new Date('2026-11-27T09:59:30Z'));
    expect(paymentExpiryOf(marked)?.getTime()).toBe(
      deadline.getTime() + MARKED_PAID_GRACE_HOURS * 3_600_000,
    );
    expect(isPaymentExpired(marked, new Date('2026-11-27T10:00:01Z'))).toBe(false);
    expect(isPaymentExpired(marked, new Date('2026-11-28T10:00:00Z'))).toBe(true);
  });

  it('never expires a payout with the provider, a reported payment or a finished one', () => {
    for (const status of ['PAYED', 'DONE', 'DECLINED', 'CANCELED']) {
      expect(paymentExpiryOf(payment(status)), status).toBeNull();
    }
    expect(paymentExpiryOf(payment('IN_PROGRESS', 'WITHDRAWAL'))).toBeNull();
    expect(isPaymentExpired(payment('PAYED'), new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
});
