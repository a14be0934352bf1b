import {
  balanceChange,
  balancePosition,
  canRetryInvoice,
  holdsAccountLimit,
  type InvoiceStatusCode,
  isChargeableFeePercent,
  mayChangeAmount,
  mayChangeStatus,
  mustBeCovered,
  percentFeeOf,
  type StatusChangeActor,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { notFoundError, stateConflict } from '../../service-errors.ts';
import { recordEvent } from '../audit/audit-entry.ts';
import { changeMerchantBalance } from '../balances/balances-entry.ts';
import {
  publishAmountChanged,
  publishInvoiceCreated,
  publishStatusChanged,
} from './invoice-outbox.ts';
import {
  adjustAccountLimitBalance,
  closeOpenProviderAttempts,
  closeProviderAttemptRow,
  feePercentOfTerminal,
  findInvoiceIdByMerchantInvoiceId,
  findOpenProviderAttempt,
  type InvoiceChange,
  type InvoiceRecord,
  insertClosedProviderAttempt,
  insertInvoiceError,
  insertInvoiceErrorOnce,
  insertNewInvoice,
  insertStatusHistory,
  lockInvoiceRow,
  type NewInvoice,
  openProviderAttempt,
  providerAttemptsOfInvoice,
  setAttemptProviderInvoiceId,
  updateInvoice,
} from './invoice-repository.ts';

/**
 * Every change of an invoice's status or amount, whoever asks (form, provider, sandbox, expiry,
 * retry, staff), goes through this module inside one transaction that first locks the invoice
 * row: the state machine of packages/domain decides what the asker may do; the merchant balance,
 * history, people-account limit, outbox and event log change with it or not at all (0006, 0017).
 */

/** Event codes of invoice changes (reference list 100 names them for the back office). */
export const INVOICE_EVENT_CODES = {
  statusChanged: 'STATUS_CHANGED',
  amountChanged: 'AMOUNT_CHANGED',
  retried: 'INVOICE_RETRIED',
} as const;

export interface InvoiceActor {
  /** Who asks: the state machine's row (packages/domain invoice-status-machine.ts). */
  kind: StatusChangeActor;
  /** The back-office person, or null for the platform and the customer. */
  personId: number | null;
  sourceIp?: string | null;
}

export const INVOICE_NOT_FOUND = 'Invoice not found';

/** Reads an invoice and locks it until the transaction ends: changes to one invoice queue up. */
export const lockInvoice = async (tx: Database, invoiceId: string): Promise<InvoiceRecord> => {
  const invoice = await lockInvoiceRow(tx, invoiceId);
  if (!invoice) throw notFoundError(INVOICE_NOT_FOUND);
  return invoice;
};

/**
 * Moves the merchant's balance by what an invoice change does to it (balancePosition in
 * packages/domain). A payout that takes money must be covered by the available balance, or the
 * change is refused (InsufficientBalanceError) before anything is written.
 */
const moveMerchantBalance = async (
  tx: Database,
  before: InvoiceRecord,
  after: Pick<InvoiceRecord, 'status' | 'amount' | 'fee'>,
  actor: InvoiceActor,
) => {
  const change = balanceChange(before, { ...before, ...after });
  await changeMerchantBalance(
    tx,
    { merchantId: before.merchantId, currencyId: before.currencyId },
    change,
    {
      requireCover: mustBeCovered(before, change),
      cause: {
        kind: 'invoice',
        invoice: before,
        before: { status: before.status, amount: before.amount, fee: before.fee },
        after: { status: after.status, amount: after.amount, fee: after.fee },
        personId: actor.personId,
      },
    },
  );
};

/** Whether the invoice's money counts in this status (a confirmed deposit, a queued or paid payout). */
const movesMoney = (invoice: InvoiceRecord, status: InvoiceStatusCode) =>
  balancePosition({ ...invoice, fee: 0n, isTestProcessing: false, status }).available !== 0n;

type FeeTerms = Pick<InvoiceRecord, 'fee' | 'feePercent'>;

/** The fee of an amount at a kept percent (none kept: no fee). */
const feeAt = (amount: bigint, feePercent: string | null): bigint =>
  feePercent === null ? 0n : (percentFeeOf(amount, feePercent) ?? 0n);

/**
 * The fee of an invoice going to status `to`. It is fixed when the invoice's money first counts
 * (a deposit when confirmed, a payout when queued, so its reservation includes it), from the
 * terminal's FEE_PERCENT at that moment, and the percent is kept on the invoice: a return to a
 * counting status, or a corrected amount (feeOfCorrectedAmount), charges the same percent of the
 * amount then. A fee fixed before the percent was kept stands as it is (a corrected amount
 * scales it).
 */
const feeTermsFor = async (
  tx: Database,
  invoice: InvoiceRecord,
  to: InvoiceStatusCode,
): Promise<FeeTerms> => {
  const kept = { fee: invoice.fee, feePercent: invoice.feePercent };
  const startsCounting = movesMoney(invoice, to) && !movesMoney(invoice, invoice.status);
  if (!startsCounting || (invoice.feePercent === null && invoice.fee !== 0n)) return kept;
  const percent =
    invoice.feePercent ?? (await feePercentOfTerminal(tx, invoice.terminalId)) ?? null;
  // No percent, or one the rule cannot charge (saved before it was checked), charges nothing, and
  // nothing is what is kept: a percent the terminal gets later does not reach an invoice whose
  // money already counted, when it counts again (DONE → CANCELED → DONE).
  const feePercent = percent !== null && isChargeableFeePercent(percent) ? percent : '0';
  return { fee: feeAt(invoice.amount, feePercent), feePercent };
};

/**
 * The fee of an invoice whose amount is corrected: the kept percent of the new amount. A fee
 * fixed before the percent was kept is scaled with the amount (rounded half up), the same share.
 */
const feeOfCorrectedAmount = (invoice: InvoiceRecord, amount: bigint): bigint => {
  if (invoice.feePercent !== null) return feeAt(amount, invoice.feePercent);
  if (invoice.fee === 0n) return 0n;
  return (invoice.fee * amount * 2n + invoice.amount) / (2n * invoice.amount);
};

const logChange = (
  tx: Database,
  invoice: InvoiceRecord,
  actor: InvoiceActor,
  eventCode: string,
  description: string,
) =>
  recordEvent(tx, {
    eventCode,
    description,
    personId: actor.personId,
    merchantId: invoice.merchantId,
    invoiceId: invoice.id,
    entityType: 'invoice',
    entityId: invoice.id,
    sourceIp: actor.sourceIp ?? null,
  });

/**
 * Whether the invoice's amount counts against its people account's limit: a real payment to an
 * assigned account. Test-processing money is no money (decision 0004) and is never matched by a
 * provider, so a merchant's test traffic cannot fill the accounts every merchant's customers pay
 * to (decision 0008).
 */
const usesAccountLimit = (
  invoice: Pick<InvoiceRecord, 'peopleAccountId' | 'isTestProcessing'>,
): invoice is Pick<InvoiceRecord, 'isTestProcessing'> & { peopleAccountId: number } =>
  invoice.peopleAccountId !== null && !invoice.isTestProcessing;

/** A deposit given an account's requisites set back to NEW (409). */
export const REQUISITES_GIVEN_MESSAGE =
  'This deposit was given requisites, so it cannot go back to NEW: set it IN_PROGRESS to reopen it';

/** How an attempt ends when its invoice leaves IN_PROGRESS for `to` other than by a report. */
const attemptOutcomeOf = (to: InvoiceStatusCode): 'SUCCESS' | 'FAILED' =>
  to === 'PAYED' || to === 'DONE' ? 'SUCCESS' : 'FAILED';

/**
 * Sets a locked invoice's status: merchant balance, history row, account limit, merchant callback
 * for a final status, event-log row. Call inside a transaction after `lockInvoice`; `reason` ends
 * the event text. A change the actor may not make is refused (409) and nothing is written.
 */
export const applyStatusChange = async (
  tx: Database,
  invoice: InvoiceRecord,
  to: InvoiceStatusCode,
  actor: InvoiceActor,
  reason = '',
): Promise<InvoiceRecord> => {
  const from = invoice.status;
  if (from === to) throw stateConflict(`Invoice is already ${to}`);
  if (!mayChangeStatus(actor.kind, from, to)) {
    throw stateConflict(`The invoice is ${from} and cannot become ${to}`);
  }
  // NEW means the customer has not chosen yet: back in NEW, a deposit's customer would be given
  // requisites a second time, holding the account's limit twice and losing the account a late
  // transfer was sent to (decision 0008).
  if (to === 'NEW' && invoice.flowType === 'DEPOSIT' && invoice.peopleAccountId !== null) {
    throw stateConflict(REQUISITES_GIVEN_MESSAGE);
  }

  const { fee, feePercent } = await feeTermsFor(tx, invoice, to);
  await moveMerchantBalance(tx, invoice, { status: to, amount: invoice.amount, fee }, actor);
  const updated = await updateInvoice(
    tx,
    invoice.id,
    { status: to, fee, feePercent },
    { stampNow: ['statusDate'] },
  );
  if (!updated) throw notFoundError(INVOICE_NOT_FOUND);

  await insertStatusHistory(tx, {
    invoiceId: invoice.id,
    status: to,
    statusDate: updated.statusDate,
    personId: actor.personId,
  });
  // An invoice is with its provider (an open attempt, the payout queue) only while IN_PROGRESS:
  // whoever moves it on (staff, expiry) ends its attempts, so a later correction back to
  // IN_PROGRESS does not put a paid payout in the queue again (decision 0017). A provider's own
  // report closed its attempt with its outcome before this.
  if (from === 'IN_PROGRESS') {
    await closeOpenProviderAttempts(tx, invoice.id, attemptOutcomeOf(to));
  }
  if (usesAccountLimit(invoice) && holdsAccountLimit(from) !== holdsAccountLimit(to)) {
    const delta = holdsAccountLimit(to) ? invoice.amount : -invoice.amount;
    await adjustAccountLimitBalance(tx, invoice.peopleAccountId, delta);
  }
  await publishStatusChanged(tx, updated, from);
  await logChange(
    tx,
    invoice,
    actor,
    INVOICE_EVENT_CODES.statusChanged,
    `Status changed from ${from} to ${to}${reason ? ` (${reason})` : ''}`,
  );
  return updated;
};

/** A staff correction of a payout's amount while its provider has it (409). */
export const WITH_PROVIDER_AMOUNT_MESSAGE =
  'This withdrawal is with its provider, waiting for its report: its amount cannot change now';

/**
 * Sets a locked invoice's amount. The account limit follows the new amount while the invoice
 * holds it, and a merchant already told the final status is told again with the corrected amount.
 */
export const applyAmountChange = async (
  tx: Database,
  invoice: InvoiceRecord,
  amount: bigint,
  actor: InvoiceActor,
): Promise<InvoiceRecord> => {
  if (!mayChangeAmount(actor.kind, invoice.status)) {
    throw stateConflict(`The amount of a ${invoice.status} invoice cannot be changed`);
  }
  // Its provider may have pulled the payout with its amount already, and pays that one: the
  // balance would be debited another. Corrected once the provider reports (decision 0017).
  if (invoice.flowType === 'WITHDRAWAL' && (await findOpenProviderAttempt(tx, invoice.id))) {
    throw stateConflict(WITH_PROVIDER_AMOUNT_MESSAGE);
  }
  const fee = feeOfCorrectedAmount(invoice, amount);
  await moveMerchantBalance(tx, invoice, { status: invoice.status, amount, fee }, actor);
  const updated = await updateInvoice(tx, invoice.id, { amount, fee });
  if (!updated) throw notFoundError(INVOICE_NOT_FOUND);

  if (usesAccountLimit(invoice) && holdsAccountLimit(invoice.status)) {
    await adjustAccountLimitBalance(tx, invoice.peopleAccountId, amount - invoice.amount);
  }
  await publishAmountChanged(tx, updated, invoice.amount);
  await logChange(
    tx,
    invoice,
    actor,
    INVOICE_EVENT_CODES.amountChanged,
    `Amount changed from ${invoice.amount} to ${amount} (minor units)`,
  );
  return updated;
};

export interface ProviderAttemptOutcome {
  succeeded: boolean;
  /** The provider's own id of the payment; kept when the invoice has none yet. */
  providerInvoiceId: string;
  /** Why the provider failed the payment: an error row the back office shows. */
  failureReason?: string;
}

/**
 * Closes the invoice's open provider transaction (the attempt the form or a retry opened) with
 * the provider's outcome and the provider's id of the payment. With none open, the outcome is
 * the newest attempt's (a reversal of a reported payment is that attempt's new outcome, not an
 * attempt of its own), or the first attempt recorded. The invoice shows the latest attempt's id.
 * The status change itself is the caller's (applyStatusChange), in the same transaction.
 */
export const closeProviderAttempt = async (
  tx: Database,
  invoice: InvoiceRecord,
  { succeeded, providerInvoiceId, failureReason }: ProviderAttemptOutcome,
): Promise<void> => {
  const status = succeeded ? 'SUCCESS' : 'FAILED';
  const attempts = await providerAttemptsOfInvoice(tx, invoice.id);
  const attempt = attempts.find((candidate) => candidate.status === 'NEW') ?? attempts.at(-1);
  if (attempt) await closeProviderAttemptRow(tx, attempt.id, status, providerInvoiceId);
  else await insertClosedProviderAttempt(tx, invoice.id, status, providerInvoiceId);
  if (invoice.providerInvoiceId !== providerInvoiceId) {
    await updateInvoice(tx, invoice.id, { providerInvoiceId });
  }
  if (!succeeded && failureReason) await insertInvoiceError(tx, invoice.id, failureReason);
};

export interface ProviderReportSubject {
  providerInvoiceId: string;
  /** The attempt the provider says it reports on (optional in the API). */
  attempt?: number | undefined;
}

/**
 * Checks under the invoice's lock that a provider's report is about the invoice's current
 * attempt, not one a retry has ended (decision 0017): a report whose answer was lost and is sent
 * again after the merchant retried the payout must not decline the new attempt, which the
 * provider may be paying. The current attempt is the newest. It is named by `attempt`, or by
 * its providerInvoiceId; one without an id yet (a retry not reported on) takes the report's,
 * unless that id is an earlier attempt's, which is ambiguous without `attempt` and refused.
 */
export const requireCurrentProviderAttempt = async (
  tx: Database,
  invoice: InvoiceRecord,
  { providerInvoiceId, attempt }: ProviderReportSubject,
): Promise<void> => {
  const attempts = await providerAttemptsOfInvoice(tx, invoice.id);
  const current = attempts.at(-1);
  const currentNumber = current?.number ?? 1;
  if (attempt !== undefined && attempt !== currentNumber) {
    throw stateConflict(
      `Attempt ${attempt} of this invoice has ended or does not exist: the current attempt is ${currentNumber}`,
    );
  }
  if (current?.providerInvoiceId) {
    if (current.providerInvoiceId === providerInvoiceId) return;
    const earlier = attempts.find((candidate) => candidate.providerInvoiceId === providerInvoiceId);
    throw stateConflict(
      earlier
        ? earlierAttemptMessage(providerInvoiceId, earlier.number, current.number)
        : `The invoice is already known by the providerInvoiceId ${current.providerInvoiceId}`,
    );
  }
  if (attempt === undefined) {
    const earlier = attempts.find((candidate) => candidate.providerInvoiceId === providerInvoiceId);
    // Attempts from before ids were kept per attempt carry none: the invoice's id is theirs.
    const earlierNumber =
      earlier?.number ??
      (invoice.providerInvoiceId === providerInvoiceId &&
      current?.status === 'NEW' &&
      currentNumber > 1
        ? currentNumber - 1
        : undefined);
    if (earlierNumber !== undefined) {
      throw stateConflict(earlierAttemptMessage(providerInvoiceId, earlierNumber, currentNumber));
    }
  }
  if (current) await setAttemptProviderInvoiceId(tx, current.id, providerInvoiceId);
};

const earlierAttemptMessage = (providerInvoiceId: string, earlier: number, current: number) =>
  `The providerInvoiceId ${providerInvoiceId} is of attempt ${earlier} of this invoice, which has ended: report attempt ${current} under its own providerInvoiceId, or name it with "attempt": ${current}`;

/**
 * Keeps, on an invoice that ended unpaid, a provider's report that its money moved anyway (the
 * report itself is refused: DECLINED and CANCELED are final). A payout that staff declined or
 * cancelled may have been pulled by its provider already, and the pull model has no recall
 * (decision 0017): support sees it in the invoice's errors and settles it with the provider.
 * A report sent again adds no second row.
 */
export const noteMoneyMovedAfterEnd = async (
  db: Database,
  invoice: { id: string; status: string },
  {
    providerCode,
    status,
    providerInvoiceId,
  }: {
    providerCode: string;
    status: string;
    providerInvoiceId: string;
  },
): Promise<void> => {
  // Under the invoice's lock: the same report sent twice at once still leaves one row.
  await db.transaction(async (tx) => {
    await lockInvoiceRow(tx, invoice.id);
    await insertInvoiceErrorOnce(
      tx,
      invoice.id,
      `The provider ${providerCode} reported ${status} (${providerInvoiceId}) after the payment was ${invoice.status}: its money may have moved. Check with the provider.`,
    );
  });
};

/** A retry of a payout whose customer has not given the phone to pay to (409). */
export const NO_PAYOUT_PHONE_MESSAGE = 'The customer has not given a phone to pay out to yet';

/** A retry of a payout still in its provider's queue (409): it may be being paid. */
export const WITH_PROVIDER_MESSAGE =
  'This withdrawal is with its provider, waiting for its report: it is not sent again';

/** A retry of a payout the provider reported paid (409): sending it again would pay twice. */
export const PAID_OUT_MESSAGE = 'The provider reported this withdrawal paid: it is not sent again';

/**
 * Whether a payout's provider reported it paid, with no reversal since: an attempt the provider
 * reported on (it carries the provider's id of the payment) ended in SUCCESS; a reversal turns it
 * FAILED. Whatever staff set its status to since (IN_PROGRESS, DECLINED), such a payout is never
 * sent to a provider again: the money has gone once. An attempt staff ended by marking the payout
 * paid by hand does not count (staff can undo their own mistake), nor does a test payout, which
 * moves no money.
 */
export const wasPaidOut = async (
  tx: Database,
  invoice: Pick<InvoiceRecord, 'id' | 'isTestProcessing'>,
): Promise<boolean> =>
  !invoice.isTestProcessing &&
  (await providerAttemptsOfInvoice(tx, invoice.id)).some(
    (attempt) => attempt.status === 'SUCCESS' && attempt.providerInvoiceId !== null,
  );

/**
 * Sends a locked withdrawal to the provider again (SPEC §4): a new provider attempt, and a NEW
 * or DECLINED one back to IN_PROGRESS (which the merchant's balance must cover). Not one the
 * provider still has (an attempt open) nor one it paid (PAYED, or reported paid without a
 * reversal since: wasPaidOut). Who may ask is the caller's check (mayRetryInvoice).
 */
export const retryWithdrawal = async (
  tx: Database,
  invoice: InvoiceRecord,
  actor: Omit<InvoiceActor, 'kind'>,
): Promise<void> => {
  if (!canRetryInvoice({ flowType: invoice.flowType, statusCode: invoice.status })) {
    throw stateConflict(
      invoice.flowType === 'WITHDRAWAL'
        ? `A ${invoice.status} withdrawal cannot be retried`
        : 'Only withdrawals can be retried',
    );
  }
  // The provider is sent the phone to pay to: without one (a payout whose customer has not been
  // through the payment form yet) there is nothing to send (decision 0017).
  if (invoice.credentialValue === null) throw stateConflict(NO_PAYOUT_PHONE_MESSAGE);
  // Retry is offered on PAYED (SPEC §4), but the money has moved: it waits for DONE or a
  // reversal, never for a second payment. So does a paid payout staff set back to IN_PROGRESS
  // or declined by hand since: only the provider's reversal makes it payable again.
  if (invoice.status === 'PAYED' || (await wasPaidOut(tx, invoice))) {
    throw stateConflict(PAID_OUT_MESSAGE);
  }
  // In the provider's queue, the payout may be being paid: sending it again could pay it twice.
  // A retry is for one the provider declined, or that nothing sent.
  if (await findOpenProviderAttempt(tx, invoice.id)) throw stateConflict(WITH_PROVIDER_MESSAGE);
  const retry = { ...actor, kind: 'retry' as const };
  if (mayChangeStatus('retry', invoice.status, 'IN_PROGRESS')) {
    await applyStatusChange(tx, invoice, 'IN_PROGRESS', retry, 'retry');
  }
  await openProviderAttempt(tx, invoice.id);
  await logChange(
    tx,
    invoice,
    retry,
    INVOICE_EVENT_CODES.retried,
    'Withdrawal sent to the provider again',
  );
};

/** Declines a locked invoice with the error row the back office shows (no account, no balance). */
export const declineInvoice = async (
  tx: Database,
  invoice: InvoiceRecord,
  actor: InvoiceActor,
  { error, reason }: { error: string; reason: string },
): Promise<InvoiceRecord> => {
  await insertInvoiceError(tx, invoice.id, error);
  return applyStatusChange(tx, invoice, 'DECLINED', actor, reason);
};

/**
 * Creates a NEW invoice with its first status-history row (the merchant API's create). A
 * merchantInvoiceId the merchant already used is refused (409) and names the existing invoice.
 */
export const createInvoice = async (tx: Database, values: NewInvoice): Promise<InvoiceRecord> => {
  const invoice = await insertNewInvoice(tx, values);
  if (!invoice) {
    const existing = await findInvoiceIdByMerchantInvoiceId(
      tx,
      values.merchantId,
      values.merchantInvoiceId,
    );
    throw stateConflict(
      `An invoice with merchantInvoiceId ${values.merchantInvoiceId} already exists` +
        (existing ? ` (invoiceId ${existing})` : ''),
    );
  }
  await insertStatusHistory(tx, {
    invoiceId: invoice.id,
    status: 'NEW',
    statusDate: invoice.statusDate,
    personId: null,
  });
  await publishInvoiceCreated(tx, invoice);
  return invoice;
};

/** What the customer chooses on the form while the invoice is NEW (SPEC §4 steps). */
export type CustomerChoice = Pick<
  InvoiceChange,
  'amount' | 'paymentMethodId' | 'peopleAccountId' | 'credentialValue' | 'bankCodeInteger'
>;

/**
 * Records the customer's choices on a locked invoice: method, amount (only while NEW, within
 * what the caller checked the merchant allows), the requisites assigned to a deposit or the
 * payout details of a withdrawal, and (`payWithinMinutes`) a deadline brought forward. Returns
 * the invoice as stored.
 */
export const recordCustomerChoice = async (
  tx: Database,
  invoice: InvoiceRecord,
  choice: CustomerChoice,
  { payWithinMinutes }: { payWithinMinutes?: number } = {},
): Promise<InvoiceRecord> => {
  if (
    choice.amount !== undefined &&
    choice.amount !== invoice.amount &&
    !mayChangeAmount('customer', invoice.status)
  ) {
    throw stateConflict(`The amount of a ${invoice.status} invoice cannot be changed`);
  }
  const updated = await updateInvoice(tx, invoice.id, choice, { payWithinMinutes });
  if (!updated) throw notFoundError(INVOICE_NOT_FOUND);
  return updated;
};

/**
 * Hands a locked NEW invoice to its provider: IN_PROGRESS (for a payout, reserved from the
 * merchant's balance, or refused with InsufficientBalanceError) and an open provider attempt.
 * `invoice` is the record the state change is computed from (see requisite-assignment-service.ts).
 */
export const sendToProvider = async (
  tx: Database,
  invoice: InvoiceRecord,
  actor: InvoiceActor,
): Promise<InvoiceRecord> => {
  const inProgress = await applyStatusChange(tx, invoice, 'IN_PROGRESS', actor);
  await openProviderAttempt(tx, invoice.id);
  return inProgress;
};

/**
 * Records once that the customer says a deposit is paid: a repeated "I have paid" (a retry, a
 * reload) changes and records nothing (decision 0017).
 */
export const markCustomerPaid = async (
  tx: Database,
  invoice: InvoiceRecord,
  sourceIp: string,
): Promise<InvoiceRecord> => {
  if (invoice.customerMarkedPaidAt !== null) return invoice;
  const marked = await updateInvoice(tx, invoice.id, {}, { stampNow: ['customerMarkedPaidAt'] });
  await recordEvent(tx, {
    eventCode: CUSTOMER_EVENT_CODES.markedPaid,
    description: 'The customer reported the transfer as sent',
    merchantId: invoice.merchantId,
    invoiceId: invoice.id,
    entityType: 'invoice',
    entityId: invoice.id,
    sourceIp,
  });
  return marked ?? invoice;
};

/** Event codes of the customer's steps on the form. */
export const CUSTOMER_EVENT_CODES = {
  markedPaid: 'CUSTOMER_MARKED_PAID',
  withdrawalRequested: 'WITHDRAWAL_REQUESTED',
} as const;
