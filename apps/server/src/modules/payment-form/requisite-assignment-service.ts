import type { Database } from '../../db/database.ts';
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
  findPeopleAccount,
  firstRequisiteOfType,
  hasOpenInvoiceOfAmount,
  lockAccountLimits,
  type RequisiteTypeCode,
  reserveAccount,
} from './requisite-assignment-repository.ts';

/** What the customer pays to: card numbers for card methods, phone numbers otherwise. */
export const requisiteTypeCodeOf = (method: PaymentMethod): RequisiteTypeCode =>
  method.requisiteKind === 'card' ? 'CARD' : 'PHONE';

export const NO_ACCOUNT_ERROR = 'No account available for this amount';

/** How many accounts one assignment tries before it declines the invoice. */
const MAX_CANDIDATES = 25;

export type AssignmentResult =
  | { outcome: 'assigned'; invoice: FormInvoice }
  | { outcome: 'declined'; invoice: FormInvoice }
  /** The invoice was no longer NEW when its turn came (a concurrent call decided it). */
  | { outcome: 'already-decided'; invoice: FormInvoice };

class CandidateUnavailable extends Error {}

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
  invoiceId: string,
  method: PaymentMethod,
  amount: bigint,
): Promise<AssignmentResult> => {
  const attempt = (candidate: { id: number }, waitForLock: boolean) =>
    db.transaction(async (tx) => {
      const invoice = await lockInvoice(tx, invoiceId);
      if (invoice.status !== 'NEW') return { outcome: 'already-decided', invoice } as const;
      // The deadline may pass while the customer's call waits for its locks: no requisites after it.
      await requireActionableWhileLocked(tx, invoice);

      const limits = await lockAccountLimits(tx, candidate.id, waitForLock);
      if (!limits && !waitForLock) throw new CandidateBusy();
      const account = await findPeopleAccount(tx, candidate.id);
      if (!limits || !account?.enabled || limits.limit - limits.balance < amount) {
        throw new CandidateUnavailable();
      }
      // The provider matches a payment by account and amount: two open real payments of one
      // amount on one account could not be told apart. Test payments are never matched (the
      // sandbox settles them), so they neither take an amount nor are refused one.
      if (
        !invoice.isTestProcessing &&
        limits.checkUniqueAmount &&
        (await hasOpenInvoiceOfAmount(tx, candidate.id, amount))
      ) {
        throw new CandidateUnavailable();
      }
      const credential = await firstRequisiteOfType(tx, candidate.id, requisiteTypeCodeOf(method));
      if (!credential) throw new CandidateUnavailable();

      // Test money takes nothing from the account's limit (usesAccountLimit).
      await reserveAccount(tx, candidate.id, invoice.isTestProcessing ? 0n : amount);
      await recordCustomerChoice(tx, invoice, {
        amount,
        paymentMethodId: method.id,
        peopleAccountId: candidate.id,
        credentialValue: credential.value,
      });
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
