import { randomBytes } from 'node:crypto';
import { httpAddressError } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, notFoundError } from '../../service-errors.ts';
import { recordEvent } from '../audit/audit-entry.ts';
import { hasAllowedWebhookScheme, type WebhookUrlRule } from '../developers/developers-entry.ts';
import { createInvoice } from '../invoices/invoices-entry.ts';
import type { ApiMerchant } from './merchant-auth.ts';
import {
  findCurrencyByCode,
  findCurrencyCode,
  findMerchantInvoiceById,
  findMerchantInvoiceCursor,
  findMerchantInvoicePage,
  findMerchantTerminal,
  findPaymentMethodByName,
  type MerchantInvoiceCursor,
  type MerchantInvoiceRow,
} from './merchant-invoice-repository.ts';
import {
  type CreateInvoiceBody,
  type MerchantInvoiceListQuery,
  URL_FIELDS,
} from './merchant-invoice-schemas.ts';

/**
 * The merchant API's invoices: what a merchant may create (terminal, currency, method, amount,
 * payout cap, URLs) and which invoices it may read (its own only).
 */

export const MERCHANT_API_EVENT_CODES = {
  invoiceCreated: 'INVOICE_CREATED',
} as const;

/**
 * The hosted form's public id. 24 random bytes (192 bits, 32 base64url characters): nobody can
 * guess another customer's form, and the invoice id never appears in a customer's browser.
 */
export const newFormId = () => randomBytes(24).toString('base64url');

const INVOICE_NOT_FOUND = 'Invoice not found';

/** One of the merchant's invoices by its id; another merchant's is not found, like a missing one. */
export const merchantInvoiceById = async (
  db: Database,
  merchant: ApiMerchant,
  invoiceId: string,
): Promise<MerchantInvoiceRow> => {
  const row = await findMerchantInvoiceById(db, merchant.id, invoiceId);
  if (!row) throw notFoundError(INVOICE_NOT_FOUND);
  return row;
};

/** A page of the merchant's invoice list and whether more follow it. */
export interface MerchantInvoicePage {
  rows: MerchantInvoiceRow[];
  hasMore: boolean;
}

/**
 * The same answer for an unknown invoiceId and another merchant's: a cursor cannot tell whether
 * an invoice exists.
 */
const UNKNOWN_CURSOR =
  'starting_after must be the invoiceId of one of your invoices: the last one of the previous page';

/** The schema checked the format; a date it lets through that JavaScript cannot read is refused. */
const queryInstant = (value: string | undefined, name: string): Date | undefined => {
  if (value === undefined) return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) {
    throw invalid(`${name} must be a date-time such as 2025-11-23T09:12:44Z`);
  }
  return instant;
};

/**
 * A page of the merchant's invoices matching the query, newest first. Only its own invoices,
 * whatever the filters say; `starting_after` must name one of them.
 */
export const listMerchantInvoices = async (
  db: Database,
  merchant: ApiMerchant,
  query: MerchantInvoiceListQuery,
): Promise<MerchantInvoicePage> => {
  const createdFrom = queryInstant(query.createdFrom, 'createdFrom');
  const createdTo = queryInstant(query.createdTo, 'createdTo');
  if (createdFrom && createdTo && createdFrom.getTime() >= createdTo.getTime()) {
    throw invalid('createdFrom must be before createdTo');
  }
  let after: MerchantInvoiceCursor | undefined;
  if (query.starting_after !== undefined) {
    after = await findMerchantInvoiceCursor(db, merchant.id, query.starting_after);
    if (!after) throw invalid(UNKNOWN_CURSOR);
  }
  // One row more than the page tells whether another page follows, without counting.
  const rows = await findMerchantInvoicePage(
    db,
    merchant.id,
    {
      statuses: query.status,
      flowType: query.flowType,
      createdFrom,
      createdTo,
      merchantInvoiceId: query.merchantInvoiceId,
      after,
    },
    query.limit + 1,
  );
  return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
};

const amountRangeMessage = (min: bigint, max: bigint, what: string) =>
  `Amount must be between ${min} and ${max} minor units ${what}`;

/**
 * What the customer may be paid out at most (decision 0017): the amount, or the merchant's
 * explicit maximum when it lets the customer change the amount. Null for deposits.
 */
const payoutCap = (body: CreateInvoiceBody, amount: bigint, currencyMax: bigint): bigint | null => {
  if (body.maxAmount === undefined) return body.flowType === 'WITHDRAWAL' ? amount : null;
  if (body.flowType !== 'WITHDRAWAL') throw invalid('maxAmount is for withdrawals only');
  if (!body.canChangeAmount) throw invalid('maxAmount needs canChangeAmount: true');
  const maxAmount = BigInt(body.maxAmount);
  if (maxAmount < amount) throw invalid('maxAmount must be at least amount');
  if (maxAmount > currencyMax) {
    throw invalid(`maxAmount must be at most ${currencyMax} minor units`);
  }
  return maxAmount;
};

/**
 * The schema checks the shape; this checks what a URL parser thinks of it (host, syntax) by the
 * rule webhook endpoints follow too, credentials included: the callback job would never send to
 * such a URL, and a redirect carrying them is a disguise.
 */
const checkUrls = (body: CreateInvoiceBody, webhookUrlRule: WebhookUrlRule) => {
  for (const field of URL_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    const error = httpAddressError(value);
    if (error === 'credentials') {
      throw invalid(`${field} must not contain a user name or password`);
    }
    if (error) throw invalid(`${field} must be an absolute http or https URL`);
  }
  // The callback URL is a webhook destination, which overrides the merchant's endpoints: https
  // only where they are (decision 0021). The others are where a browser is sent, not where the
  // server sends the invoice.
  if (
    body.callbackUrl !== undefined &&
    !hasAllowedWebhookScheme(body.callbackUrl, webhookUrlRule)
  ) {
    throw invalid(CALLBACK_URL_HTTPS_ONLY);
  }
};

/** The refusal of an http:// callbackUrl where only https is taken (WEBHOOK_ALLOW_HTTP off). */
export const CALLBACK_URL_HTTPS_ONLY =
  'callbackUrl must start with https://: this server sends callbacks over HTTPS only';

/**
 * Creates an invoice for the merchant inside the caller's transaction: checks the terminal,
 * currency, method and amount, inserts the invoice (NEW), its first status-history row and the
 * creation event. Returns the new invoice as the merchant API reads it.
 */
export const createMerchantInvoice = async (
  tx: Database,
  merchant: ApiMerchant,
  body: CreateInvoiceBody,
  sourceIp: string,
  webhookUrlRule: WebhookUrlRule,
): Promise<MerchantInvoiceRow> => {
  checkUrls(body, webhookUrlRule);

  // Another merchant's terminal answers like a missing one, so terminal ids cannot be probed.
  const terminal = await findMerchantTerminal(tx, merchant.id, body.terminalId);
  if (!terminal) throw invalid(`Terminal ${body.terminalId} not found`);
  if (!terminal.enabled) throw invalid(`Terminal ${terminal.id} is disabled`);
  if (terminal.flowType !== body.flowType) {
    throw invalid(
      `Terminal ${terminal.id} takes ${terminal.flowType} invoices, not ${body.flowType}`,
    );
  }

  const currency = await findCurrencyByCode(tx, body.currency);
  if (!currency) throw invalid(`Unknown currency ${body.currency}`);
  if (currency.id !== terminal.currencyId) {
    const terminalCurrency = await findCurrencyCode(tx, terminal.currencyId);
    throw invalid(
      `Terminal ${terminal.id} works in ${terminalCurrency?.trim() ?? 'another currency'}, not ${body.currency}`,
    );
  }

  const amount = BigInt(body.amount);
  if (amount < currency.minValue || amount > currency.maxValue) {
    throw invalid(amountRangeMessage(currency.minValue, currency.maxValue, `of ${body.currency}`));
  }
  const maxAmount = payoutCap(body, amount, currency.maxValue);

  let paymentMethodId: number | null = null;
  if (body.paymentMethodName !== undefined) {
    const method = await findPaymentMethodByName(tx, body.paymentMethodName, currency.id);
    if (!method?.enabled) {
      throw invalid(
        `Payment method ${body.paymentMethodName} is not available for ${body.currency}`,
      );
    }
    if (amount < method.minAmount || amount > method.maxAmount) {
      throw invalid(
        amountRangeMessage(method.minAmount, method.maxAmount, `for ${body.paymentMethodName}`),
      );
    }
    paymentMethodId = method.id;
  }

  const invoice = await createInvoice(tx, {
    merchantId: merchant.id,
    terminalId: terminal.id,
    merchantInvoiceId: body.merchantInvoiceId,
    flowType: body.flowType,
    amount,
    currencyId: currency.id,
    paymentMethodId,
    customerExternalId: body.customer.externalId,
    customerFirstName: body.customer.firstName?.trim() ?? '',
    customerLastName: body.customer.lastName?.trim() ?? '',
    isTestProcessing: terminal.isTest,
    formId: newFormId(),
    canChangeAmount: body.canChangeAmount,
    maxAmount,
    expiresInMinutes: body.expiresInMinutes,
    successUrl: body.successUrl ?? null,
    cancelUrl: body.cancelUrl ?? null,
    errorUrl: body.errorUrl ?? null,
    callbackUrl: body.callbackUrl ?? null,
  });
  await recordEvent(tx, {
    eventCode: MERCHANT_API_EVENT_CODES.invoiceCreated,
    description:
      `${body.flowType} invoice ${body.merchantInvoiceId} created through the merchant API ` +
      `(${amount} minor units ${body.currency})`,
    merchantId: merchant.id,
    invoiceId: invoice.id,
    entityType: 'invoice',
    entityId: invoice.id,
    sourceIp,
  });
  const created = await findMerchantInvoiceById(tx, merchant.id, invoice.id);
  if (!created) throw new Error(`invoice ${invoice.id} vanished after its insert`);
  return created;
};
