import { sandboxRequisiteValueOf } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { stateConflict } from '../../service-errors.ts';
import {
  declineInvoice,
  lockInvoice,
  recordCustomerChoice,
  sendToProvider,
} from '../invoices/invoices-entry.ts';
import { type FormInvoice, requireActionableWhileLocked } from './form-invoice-service.ts';
import type { PaymentMethod } from './payment-form-repository.ts';
import {
  candidateAccounts,
  countRequisitesHeldByCustomer,
  findPeopleAccount,
  firstRequisiteOfType,
  isAmountHeldOnAccount,
  lockAccountLimits,
  type RequisiteTypeCode,
  reserveAccount,
  selectAmountHolds,
  takeCustomerTurn,
} from './requisite-assignment-repository.ts';

/** What the customer pays to: card numbers for card methods, phone numbers otherwise. */
export const requisiteTypeCodeOf = (method: PaymentMethod): RequisiteTypeCode =>
  method.requisiteKind === 'card' ? 'CARD' : 'PHONE';

export const NO_ACCOUNT_ERROR = 'No account available for this amount';

/** How many accounts one assignment tries before it declines the invoice. */
const MAX_CANDIDATES = 25;

/**
 * Minutes a customer has to pay once shown requisites (the deadline comes forward to it, never
 * back). Held until the merchant's own deadline, up to 7 days, a reservation kept an account's
 * limit and, on accounts that check unique amounts, its amount from every other customer, so a
 * few forms opened and left could stop an account's deposits for days (decision 0008).
 */
export const REQUISITE_HOLD_MINUTES = 30;

/**
 * Real deposits one customer of a merchant may hold requisites for at once; the next one waits
 * (409) until one of them is paid, ends or expires. Each holds an account's limit and amount.
 */
export const OPEN_REQUISITES_PER_CUSTOMER = 3;

/**
 * Minutes a real deposit must have left to be given requisites: given with seconds left, it is
 * cancelled before the transfer arrives, and a provider matching by account and amount could
 * credit the money to the next customer given the same account and amount (decision 0008).
 */
export const LEAST_MINUTES_TO_PAY = 3;

/**
 * Minutes an account that checks unique amounts keeps an amount from any other payment after a
 * real deposit shown it ended unpaid (cancelled or declined). Its customer may still send the
 * money they were asked for; with the pair free, a provider matching transfers by account and
 * amount would credit that money to the next customer shown the same pair. Two hours cover a
 * transfer started at the deadline and held by a bank (decision 0008).
 */
export const UNPAID_AMOUNT_QUARANTINE_MINUTES = 120;

/**
 * The amounts a people account holds from other payments, for the back office's account page:
 * the payments waiting for their money, and those within UNPAID_AMOUNT_QUARANTINE_MINUTES of an
 * unpaid end; none on an account that does not check unique amounts.
 */
export const amountHoldsOfAccount = (db: Database, peopleAccountId: number) =>
  selectAmountHolds(db, peopleAccountId, UNPAID_AMOUNT_QUARANTINE_MINUTES);

export const TOO_MANY_OPEN_PAYMENTS =
  'Too many unfinished payments. Finish one of them or wait for it to expire, then try again.';

export type AssignmentResult =
  | { outcome: 'assigned'; invoice: FormInvoice }
  | { outcome: 'declined'; invoice: FormInvoice }
  /** The invoice was no longer NEW when its turn came (a concurrent call decided it). */
  | { outcome: 'already-decided'; invoice: FormInvoice };

class CandidateUnavailable extends Error {}

/**
 * OPEN_REQUISITES_PER_CUSTOMER, checked in the assignment's transaction: the customer's turn is
 * taken first (a transaction-scoped advisory lock), so simultaneous calls of one customer are
 * counted one after another and cannot all pass on the same count.
 */
const requireRoomForCustomer = async (tx: Database, invoice: FormInvoice) => {
  const customer = {
    merchantId: invoice.merchantId,
    customerExternalId: invoice.customerExternalId,
  };
  await takeCustomerTurn(tx, customer);
  const open = await countRequisitesHeldByCustomer(tx, customer, invoice.id);
  if (open >= OPEN_REQUISITES_PER_CUSTOMER) {
    throw stateConflict(TOO_MANY_OPEN_PAYMENTS, 'too_many_open_payments');
  }
};

/**
 * A test payment's requisites: the sandbox's (packages/domain sandbox-requisites.ts), never an
 * account's, so it takes no limit and no amount and is never declined for want of an account.
 * The sandbox settles it; its customer has the same time to "pay" as a real one.
 */
const assignSandboxRequisites = (
  db: Database,
  invoiceId: string,
  method: PaymentMethod,
  amount: bigint,
): Promise<AssignmentResult> =>
  db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (invoice.status !== 'NEW') return { outcome: 'already-decided', invoice } as const;
    await requireActionableWhileLocked(tx, invoice);
    await recordCustomerChoice(
      tx,
      invoice,
      {
        amount,
        paymentMethodId: method.id,
        credentialValue: sandboxRequisiteValueOf(method.requisiteKind),
      },
      { payWithinMinutes: REQUISITE_HOLD_MINUTES },
    );
    const updated = await sendToProvider(tx, invoice, { kind: 'customer', personId: null });
    return { outcome: 'assigned', invoice: updated } as const;
  });

/** The candidate's limit row is locked by another assignment (first pass only). */
class CandidateBusy extends Error {}

/**
 * Gives a NEW deposit the requisites of one account, or declines it when none can take it.
 *
 * Concurrency: each attempt is one transaction that locks the invoice, then the account's limit
 * row, and checks room and amount uniqueness again under that lock (a fresh statement sees every
 * assignment committed before it got the lock). So simultaneous calls never overcommit a limit
 * or share an amount; locks are taken in one order (invoice, account) and one account per
 * transaction, so they cannot deadlock.
 *
 * The first pass over the candidates skips accounts whose limit row another assignment holds
 * (`SKIP LOCKED`), so simultaneous customers spread over the free accounts instead of queueing
 * one by one behind the top-ranked one (issue 10); only when every candidate was busy does a
 * second pass wait for them, in rank order.
 */
export const assignDepositRequisites = async (
  db: Database,
  opened: FormInvoice,
  method: PaymentMethod,
  amount: bigint,
): Promise<AssignmentResult> => {
  const invoiceId = opened.id;
  if (opened.isTestProcessing) return assignSandboxRequisites(db, invoiceId, method, amount);
  const attempt = (candidate: { id: number }, waitForLock: boolean) =>
    db.transaction(async (tx) => {
      const invoice = await lockInvoice(tx, invoiceId);
      if (invoice.status !== 'NEW') return { outcome: 'already-decided', invoice } as const;
      // The deadline may pass while the customer's call waits for its locks: no requisites after
      // it, nor too close to it.
      await requireActionableWhileLocked(tx, invoice, { minutesToPay: LEAST_MINUTES_TO_PAY });
      await requireRoomForCustomer(tx, invoice);

      const limits = await lockAccountLimits(tx, candidate.id, waitForLock);
      if (!limits && !waitForLock) throw new CandidateBusy();
      const account = await findPeopleAccount(tx, candidate.id);
      if (!limits || !account?.enabled || limits.limit - limits.balance < amount) {
        throw new CandidateUnavailable();
      }
      // The provider matches a payment by account and amount: two real payments of one amount on
      // one account, waiting for their money or just ended unpaid, could not be told apart.
      if (
        limits.checkUniqueAmount &&
        (await isAmountHeldOnAccount(tx, candidate.id, {
          amount,
          quarantineMinutes: UNPAID_AMOUNT_QUARANTINE_MINUTES,
        }))
      ) {
        throw new CandidateUnavailable();
      }
      const credential = await firstRequisiteOfType(tx, candidate.id, requisiteTypeCodeOf(method));
      if (!credential) throw new CandidateUnavailable();

      await reserveAccount(tx, candidate.id, amount);
      await recordCustomerChoice(
        tx,
        invoice,
        {
          amount,
          paymentMethodId: method.id,
          peopleAccountId: candidate.id,
          credentialValue: credential.value,
        },
        { payWithinMinutes: REQUISITE_HOLD_MINUTES },
      );
      // The record as it was: its status change must not move the limit a second time.
      const updated = await sendToProvider(tx, invoice, { kind: 'customer', personId: null });
      return { outcome: 'assigned', invoice: updated } as const;
    });

  // Enabled accounts of the method with a requisite of the right type whose limit has room,
  // highest priority first, then the least recently used. Read without locks: each candidate is
  // checked again under its lock.
  const candidates = await candidateAccounts(db, {
    paymentMethodId: method.id,
    requisiteType: requisiteTypeCodeOf(method),
    amount,
    quarantineMinutes: UNPAID_AMOUNT_QUARANTINE_MINUTES,
    limit: MAX_CANDIDATES,
  });
  const busy: Array<{ id: number }> = [];
  for (const candidate of candidates) {
    try {
      return await attempt(candidate, false);
    } catch (error) {
      if (error instanceof CandidateBusy) busy.push(candidate);
      else if (!(error instanceof CandidateUnavailable)) throw error;
    }
  }
  for (const candidate of busy) {
    try {
      return await attempt(candidate, true);
    } catch (error) {
      if (!(error instanceof CandidateUnavailable)) throw error;
    }
  }

  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (invoice.status !== 'NEW') return { outcome: 'already-decided', invoice } as const;
    await requireActionableWhileLocked(tx, invoice);
    await recordCustomerChoice(tx, invoice, { amount, paymentMethodId: method.id });
    const declined = await declineInvoice(
      tx,
      invoice,
      { kind: 'customer', personId: null },
      { error: NO_ACCOUNT_ERROR, reason: NO_ACCOUNT_ERROR.toLowerCase() },
    );
    return { outcome: 'declined', invoice: declined } as const;
  });
};
