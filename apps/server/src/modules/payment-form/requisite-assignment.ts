import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import { and, asc, desc, eq, exists, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  invoices,
  type paymentMethods,
  peopleAccountCredentials,
  peopleAccountLimits,
  peopleAccounts,
  referenceItems,
} from '../../db/schema.ts';
import {
  declineInvoice,
  lockInvoice,
  recordCustomerChoice,
  sendToProvider,
} from '../invoices/invoice-status-service.ts';
import type { FormInvoice } from './form-invoice.ts';

type PaymentMethod = typeof paymentMethods.$inferSelect;

/** What the customer pays to: card numbers for card methods, phone numbers otherwise. */
export const requisiteTypeCodeOf = (method: PaymentMethod): 'CARD' | 'PHONE' =>
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
 * Enabled accounts of the method with a requisite of the right type whose limit has room,
 * highest priority first, then the least recently used. Read without locks: each candidate is
 * checked again under its lock.
 */
const candidateAccounts = async (db: Database, method: PaymentMethod, amount: bigint) => {
  const requisiteItems = db
    .select({ id: referenceItems.id })
    .from(referenceItems)
    .where(
      and(
        eq(referenceItems.headerId, REFERENCE_HEADER_IDS.requisiteType),
        eq(referenceItems.code, requisiteTypeCodeOf(method)),
      ),
    );
  return db
    .select({ id: peopleAccounts.id })
    .from(peopleAccounts)
    .innerJoin(peopleAccountLimits, eq(peopleAccountLimits.peopleAccountId, peopleAccounts.id))
    .where(
      and(
        eq(peopleAccounts.enabled, true),
        eq(peopleAccounts.paymentMethodId, method.id),
        gte(sql`${peopleAccountLimits.limit} - ${peopleAccountLimits.balance}`, amount),
        exists(
          db
            .select({ one: sql`1` })
            .from(peopleAccountCredentials)
            .where(
              and(
                eq(peopleAccountCredentials.peopleAccountId, peopleAccounts.id),
                inArray(peopleAccountCredentials.credentialTypeId, requisiteItems),
              ),
            ),
        ),
      ),
    )
    .orderBy(
      desc(peopleAccountLimits.priority),
      sql`${peopleAccounts.lastAssignedAt} ASC NULLS FIRST`,
      asc(peopleAccounts.id),
    )
    .limit(MAX_CANDIDATES);
};

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

      const lockedLimits = tx
        .select()
        .from(peopleAccountLimits)
        .where(eq(peopleAccountLimits.peopleAccountId, candidate.id));
      const [limits] = await (waitForLock
        ? lockedLimits.for('update')
        : lockedLimits.for('update', { skipLocked: true }));
      if (!limits && !waitForLock) throw new CandidateBusy();
      const [account] = await tx
        .select()
        .from(peopleAccounts)
        .where(eq(peopleAccounts.id, candidate.id));
      if (!limits || !account?.enabled || limits.limit - limits.balance < amount) {
        throw new CandidateUnavailable();
      }
      if (limits.checkUniqueAmount) {
        const [clash] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(
            and(
              eq(invoices.peopleAccountId, candidate.id),
              eq(invoices.amount, amount),
              inArray(invoices.status, ['NEW', 'IN_PROGRESS']),
            ),
          )
          .limit(1);
        if (clash) throw new CandidateUnavailable();
      }
      const [credential] = await tx
        .select({ value: peopleAccountCredentials.value })
        .from(peopleAccountCredentials)
        .innerJoin(referenceItems, eq(referenceItems.id, peopleAccountCredentials.credentialTypeId))
        .where(
          and(
            eq(peopleAccountCredentials.peopleAccountId, candidate.id),
            eq(referenceItems.code, requisiteTypeCodeOf(method)),
          ),
        )
        .orderBy(asc(peopleAccountCredentials.id))
        .limit(1);
      if (!credential) throw new CandidateUnavailable();

      await tx
        .update(peopleAccountLimits)
        .set({ balance: sql`${peopleAccountLimits.balance} + ${amount}` })
        .where(eq(peopleAccountLimits.peopleAccountId, candidate.id));
      await tx
        .update(peopleAccounts)
        .set({ lastAssignedAt: sql`now()` })
        .where(eq(peopleAccounts.id, candidate.id));
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

  const candidates = await candidateAccounts(db, method, amount);
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
