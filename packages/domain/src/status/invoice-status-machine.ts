import type { InvoiceStatusCode } from './invoice-status.ts';

/**
 * The invoice state machine (decision 0006), the one table every status change is checked
 * against, whoever asks for it.
 *
 * NEW: created, nothing assigned yet. IN_PROGRESS: requisites assigned (deposit) or payout queued
 * (withdrawal). PAYED: the provider reported that the money moved; the platform awaits its
 * confirmation. DONE: confirmed. DECLINED: refused (no account, no balance, provider). CANCELED:
 * expired or abandoned.
 */

/** Failed outcomes: the invoice gives back what it held (account limit, payout reservation). */
export const FAILED_STATUSES = [
  'DECLINED',
  'CANCELED',
] as const satisfies readonly InvoiceStatusCode[];

/** Final statuses: the payment has its outcome and the merchant is told (callback). */
export const FINAL_STATUSES = [
  'DONE',
  ...FAILED_STATUSES,
] as const satisfies readonly InvoiceStatusCode[];

const includes = (list: readonly string[], status: string) => list.includes(status);

export const isFailedStatus = (status: string): boolean => includes(FAILED_STATUSES, status);
export const isFinalStatus = (status: string): boolean => includes(FINAL_STATUSES, status);

/**
 * Whether an invoice in this status keeps its amount taken from its people account's limit:
 * taken when requisites are assigned, given back when the invoice fails.
 */
export const holdsAccountLimit = (status: string): boolean => !isFailedStatus(status);

/**
 * Who asks for a status change. The engine's actors may only make the transitions of their row
 * below; `staff` is a person with invoice.status.change (or anyone on a test-processing invoice,
 * SPEC §4), who may set any other status because support must be able to correct reality (a
 * payment found after expiry); such changes carry the person in the history and the event log.
 */
export type StatusChangeActor =
  /** The customer on the hosted form: requisites, "I have paid", a payout's details. */
  | 'customer'
  /** A production provider's report through the provider API. */
  | 'provider'
  /** The sandbox provider of test-processing terminals. */
  | 'sandbox'
  /** The expiry job. */
  | 'expiry'
  /** A retry of a withdrawal (SPEC §4), by its merchant's users or staff. */
  | 'retry'
  | 'staff';

type TransitionTable = Readonly<Record<InvoiceStatusCode, readonly InvoiceStatusCode[]>>;

const NOTHING: TransitionTable = {
  NEW: [],
  IN_PROGRESS: [],
  PAYED: [],
  DONE: [],
  DECLINED: [],
  CANCELED: [],
};

/** What each engine actor may do, from each status. Nothing leaves a final status by itself. */
export const ENGINE_TRANSITIONS: Readonly<
  Record<Exclude<StatusChangeActor, 'staff'>, TransitionTable>
> = {
  // Requisites or a payout queued; declined when no account or no balance can take it.
  customer: { ...NOTHING, NEW: ['IN_PROGRESS', 'DECLINED'] },
  // A provider may reverse a reported payment before confirming it.
  provider: { ...NOTHING, IN_PROGRESS: ['PAYED', 'DONE', 'DECLINED'], PAYED: ['DONE', 'DECLINED'] },
  sandbox: { ...NOTHING, IN_PROGRESS: ['DONE', 'DECLINED'] },
  // Forms past their time: NEW ones, and deposits waiting for the customer's transfer.
  expiry: { ...NOTHING, NEW: ['CANCELED'], IN_PROGRESS: ['CANCELED'] },
  // SPEC §4: a withdrawal not CANCELED or DONE goes to the provider again.
  retry: { ...NOTHING, NEW: ['IN_PROGRESS'], DECLINED: ['IN_PROGRESS'] },
};

/** Whether `actor` may move an invoice from one status to another. */
export const mayChangeStatus = (
  actor: StatusChangeActor,
  from: InvoiceStatusCode,
  to: InvoiceStatusCode,
): boolean => {
  if (from === to) return false;
  if (actor === 'staff') return true;
  return ENGINE_TRANSITIONS[actor][from].includes(to);
};

/** Statuses the engine moves an invoice through on its own (for checks of whole histories). */
export const isEngineTransition = (from: InvoiceStatusCode, to: InvoiceStatusCode): boolean =>
  Object.values(ENGINE_TRANSITIONS).some((table) => table[from].includes(to));

/**
 * Whether `actor` may change an invoice's amount in this status: staff correct any invoice (the
 * merchant is told again when it has an outcome); the customer only chooses it on the form while
 * the invoice is NEW (within what the merchant allows). Nobody else changes amounts.
 */
export const mayChangeAmount = (actor: StatusChangeActor, status: InvoiceStatusCode): boolean =>
  actor === 'staff' || (actor === 'customer' && status === 'NEW');
