/**
 * When an open payment expires (the expiry job cancels it, the form shows it expired): a NEW
 * payment of either flow, and a deposit still waiting for its money (IN_PROGRESS), at its
 * `expiresAt`. A deposit whose customer has said they paid waits this much longer for the
 * provider to report the transfer: cancelled at the deadline, it gave its account and amount to
 * the next customer, and the provider, which matches a payment by account and amount, could
 * credit the transfer to the wrong one.
 */
export const MARKED_PAID_GRACE_HOURS = 24;

const HOUR_MS = 3_600_000;

export interface ExpiringPayment {
  status: string;
  flowType: string;
  expiresAt: Date;
  customerMarkedPaidAt: Date | null;
}

/** The moment the payment expires, or null for one that never expires in its status. */
export const paymentExpiryOf = (payment: ExpiringPayment): Date | null => {
  if (payment.status === 'NEW') return payment.expiresAt;
  if (payment.status !== 'IN_PROGRESS' || payment.flowType !== 'DEPOSIT') return null;
  if (payment.customerMarkedPaidAt === null) return payment.expiresAt;
  return new Date(payment.expiresAt.getTime() + MARKED_PAID_GRACE_HOURS * HOUR_MS);
};

/** Whether the payment has expired at `now`, whatever the expiry job has done so far. */
export const isPaymentExpired = (payment: ExpiringPayment, now = new Date()): boolean => {
  const expiry = paymentExpiryOf(payment);
  return expiry !== null && expiry.getTime() <= now.getTime();
};
