import type { InvoiceStatusCode } from '../status/invoice-status.ts';

/**
 * A merchant's money in one currency, in minor units: what is free to pay out or settle
 * (`available`) and what queued payouts hold until the provider pays them (`reserved`, already
 * taken out of `available`). Kept per (merchant, currency) because a withdrawal terminal takes no
 * deposits: payouts are funded by the merchant's deposits in that currency, whichever terminal
 * took them (decision 0017).
 */
export interface BalancePosition {
  available: bigint;
  reserved: bigint;
}

export interface BalanceInvoice {
  flowType: 'DEPOSIT' | 'WITHDRAWAL';
  status: InvoiceStatusCode;
  amount: bigint;
  fee: bigint;
  isTestProcessing: boolean;
}

export const NO_BALANCE: BalancePosition = { available: 0n, reserved: 0n };

/** Withdrawal statuses whose payout is queued for the provider and not yet paid. */
export const RESERVING_WITHDRAWAL_STATUSES: readonly InvoiceStatusCode[] = ['IN_PROGRESS'];
/** Withdrawal statuses whose payout left the merchant's money (paid, or paid and confirmed). */
export const PAID_WITHDRAWAL_STATUSES: readonly InvoiceStatusCode[] = ['PAYED', 'DONE'];

/**
 * What one invoice in its current state contributes to its merchant's balance: a confirmed
 * deposit (DONE) credits its amount less fee; a queued payout (IN_PROGRESS) reserves its amount
 * plus fee; a paid payout (PAYED, DONE) has debited it. Test-processing invoices move no money.
 * Its SQL twin, which recomputes balances from the invoices to check them and opened the ledger,
 * is in apps/server/src/modules/balances/merchant-balance-repository.ts.
 */
export const balancePosition = (invoice: BalanceInvoice): BalancePosition => {
  if (invoice.isTestProcessing) return NO_BALANCE;
  if (invoice.flowType === 'DEPOSIT') {
    return invoice.status === 'DONE'
      ? { available: invoice.amount - invoice.fee, reserved: 0n }
      : NO_BALANCE;
  }
  const total = invoice.amount + invoice.fee;
  if (RESERVING_WITHDRAWAL_STATUSES.includes(invoice.status)) {
    return { available: -total, reserved: total };
  }
  if (PAID_WITHDRAWAL_STATUSES.includes(invoice.status)) return { available: -total, reserved: 0n };
  return NO_BALANCE;
};

/**
 * Whether an invoice's money has moved, for figures and reports: a deposit once confirmed (DONE),
 * a payout once its provider paid it (PAYED, DONE) — credit late, debit early (decision 0006).
 * The SQL twin is movedMoneyIn (apps/server/src/modules/invoices/money-movement.ts).
 */
export const hasMovedMoney = (invoice: Pick<BalanceInvoice, 'flowType' | 'status'>): boolean =>
  invoice.flowType === 'DEPOSIT'
    ? invoice.status === 'DONE'
    : PAID_WITHDRAWAL_STATUSES.includes(invoice.status);

/** How the merchant's balance moves when an invoice goes from one state to another. */
export const balanceChange = (before: BalanceInvoice, after: BalanceInvoice): BalancePosition => {
  const from = balancePosition(before);
  const to = balancePosition(after);
  return { available: to.available - from.available, reserved: to.reserved - from.reserved };
};

/**
 * Whether a change must be covered by the available balance: a payout that would take money the
 * merchant does not have is refused, however it is asked for (customer, retry, staff, amount
 * change). Deposits are never refused: a correction of a deposit that did not happen must show,
 * even when it leaves the balance negative.
 */
export const mustBeCovered = (invoice: Pick<BalanceInvoice, 'flowType'>, change: BalancePosition) =>
  invoice.flowType === 'WITHDRAWAL' && change.available < 0n;
