import {
  balanceChange,
  balancePosition,
  type InvoiceStatusCode,
  mustBeCovered,
  percentFeeOf,
  REFERENCE_HEADER_IDS,
} from '@paygate/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  invoiceStatusHistory,
  invoices,
  peopleAccountLimits,
  referenceItems,
  terminalAttributes,
} from '../../db/schema.ts';
import { conflict, notFound } from '../../http/http-errors.ts';
import { recordEvent } from '../audit/event-log.ts';
import { changeMerchantBalance } from '../balances/merchant-balance-repository.ts';
import { enqueueCallback } from '../callbacks/callback-queue.ts';
import { holdsAccountLimit, isFinalStatus } from './invoice-status-rules.ts';

/** Event codes of invoice changes (reference list 100 names them for the back office). */
export const INVOICE_EVENT_CODES = {
  statusChanged: 'STATUS_CHANGED',
  amountChanged: 'AMOUNT_CHANGED',
  retried: 'INVOICE_RETRIED',
} as const;

export interface InvoiceActor {
  /** The back-office person, or null for the platform itself (engine, expiry). */
  personId: number | null;
  sourceIp?: string | null;
}

type InvoiceRecord = typeof invoices.$inferSelect;

/** Reads an invoice and locks it until the transaction ends: changes to one invoice queue up. */
export const lockInvoice = async (tx: Database, invoiceId: string): Promise<InvoiceRecord> => {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for('update');
  if (!invoice) throw notFound('Invoice not found');
  return invoice;
};

/** Moves an amount into (positive) or out of (negative) an account's limit balance. */
const adjustAccountBalance = async (tx: Database, peopleAccountId: number, delta: bigint) => {
  if (delta === 0n) return;
  await tx
    .update(peopleAccountLimits)
    .set({ balance: sql`${peopleAccountLimits.balance} + ${delta}` })
    .where(eq(peopleAccountLimits.peopleAccountId, peopleAccountId));
};

/** Terminal attribute (reference list 105) holding the fee percent of completed invoices. */
export const FEE_PERCENT_ATTRIBUTE_CODE = 'FEE_PERCENT';

/** The fee of a completed invoice: its terminal's FEE_PERCENT of the amount, 0 without one. */
const completionFeeOf = async (tx: Database, invoice: InvoiceRecord): Promise<bigint> => {
  const [attribute] = await tx
    .select({ value: terminalAttributes.value })
    .from(terminalAttributes)
    .innerJoin(referenceItems, eq(referenceItems.id, terminalAttributes.attributeTypeId))
    .where(
      and(
        eq(terminalAttributes.terminalId, invoice.terminalId),
        eq(referenceItems.headerId, REFERENCE_HEADER_IDS.terminalAttributeType),
        eq(referenceItems.code, FEE_PERCENT_ATTRIBUTE_CODE),
      ),
    );
  return attribute ? (percentFeeOf(invoice.amount, attribute.value) ?? 0n) : 0n;
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
) => {
  const change = balanceChange(before, { ...before, ...after });
  await changeMerchantBalance(
    tx,
    { merchantId: before.merchantId, currencyId: before.currencyId },
    change,
    { requireCover: mustBeCovered(before, change), what: 'this payout' },
  );
};

/** Whether the invoice's money counts in this status (a confirmed deposit, a queued or paid payout). */
const movesMoney = (invoice: InvoiceRecord, status: InvoiceStatusCode) =>
  balancePosition({ ...invoice, fee: 0n, isTestProcessing: false, status }).available !== 0n;

/**
 * Sets a locked invoice's status: merchant balance, history row, account limit, merchant callback
 * for a final status, event-log row. Call inside a transaction after `lockInvoice`; `reason` ends
 * the event text.
 */
export const applyStatusChange = async (
  tx: Database,
  invoice: InvoiceRecord,
  to: InvoiceStatusCode,
  actor: InvoiceActor,
  reason = '',
): Promise<InvoiceRecord> => {
  const from = invoice.status;
  if (from === to) throw conflict(`Invoice is already ${to}`);

  // The fee is fixed, from the terminal's terms at that moment, when the invoice's money first
  // counts: a deposit when confirmed, a payout when queued (so its reservation includes it).
  const fee =
    invoice.fee === 0n && movesMoney(invoice, to) && !movesMoney(invoice, from)
      ? await completionFeeOf(tx, invoice)
      : invoice.fee;
  await moveMerchantBalance(tx, invoice, { status: to, amount: invoice.amount, fee });
  const [updated] = await tx
    .update(invoices)
    .set({ status: to, statusDate: sql`now()`, fee })
    .where(eq(invoices.id, invoice.id))
    .returning();
  if (!updated) throw notFound('Invoice not found');

  await tx.insert(invoiceStatusHistory).values({
    invoiceId: invoice.id,
    status: to,
    statusDate: updated.statusDate,
    personId: actor.personId,
  });

  if (invoice.peopleAccountId !== null && holdsAccountLimit(from) !== holdsAccountLimit(to)) {
    const delta = holdsAccountLimit(to) ? invoice.amount : -invoice.amount;
    await adjustAccountBalance(tx, invoice.peopleAccountId, delta);
  }

  if (isFinalStatus(to)) await enqueueCallback(tx, updated, { isManual: false });

  await recordEvent(tx, {
    eventCode: INVOICE_EVENT_CODES.statusChanged,
    description: `Status changed from ${from} to ${to}${reason ? ` (${reason})` : ''}`,
    personId: actor.personId,
    merchantId: invoice.merchantId,
    invoiceId: invoice.id,
    entityType: 'invoice',
    entityId: invoice.id,
    sourceIp: actor.sourceIp ?? null,
  });
  return updated;
};

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
  await moveMerchantBalance(tx, invoice, { status: invoice.status, amount, fee: invoice.fee });
  const [updated] = await tx
    .update(invoices)
    .set({ amount })
    .where(eq(invoices.id, invoice.id))
    .returning();
  if (!updated) throw notFound('Invoice not found');

  if (invoice.peopleAccountId !== null && holdsAccountLimit(invoice.status)) {
    await adjustAccountBalance(tx, invoice.peopleAccountId, amount - invoice.amount);
  }
  if (isFinalStatus(invoice.status)) await enqueueCallback(tx, updated, { isManual: false });

  await recordEvent(tx, {
    eventCode: INVOICE_EVENT_CODES.amountChanged,
    description: `Amount changed from ${invoice.amount} to ${amount} (minor units)`,
    personId: actor.personId,
    merchantId: invoice.merchantId,
    invoiceId: invoice.id,
    entityType: 'invoice',
    entityId: invoice.id,
    sourceIp: actor.sourceIp ?? null,
  });
  return updated;
};
