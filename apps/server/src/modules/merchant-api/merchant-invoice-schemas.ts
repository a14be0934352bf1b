import {
  FLOW_TYPES,
  type FlowType,
  INVOICE_STATUS_CODES,
  type InvoiceStatusCode,
  PAYMENT_METHOD_NAMES,
  type PaymentMethodName,
} from '@paygate/domain';
import { INVOICE_STATUSES } from '../../db/schema.ts';
import { recordIdSchema } from '../../http/record-id.ts';
import { sharedSchema } from '../../http/shared-schemas.ts';
import { idempotencyKeyHeaderProperty } from '../idempotency/idempotency-entry.ts';

/** Default and bounds of an invoice's lifetime (minutes): 15 minutes up to a week. */
export const DEFAULT_EXPIRES_IN_MINUTES = 15;
export const MAX_EXPIRES_IN_MINUTES = 7 * 24 * 60;

/** Printable ASCII without leading or trailing spaces: ids merchants can log and search for. */
const PRINTABLE_ID_PATTERN = '^[\\x21-\\x7E]([\\x20-\\x7E]*[\\x21-\\x7E])?$';

const printableId = (maxLength: number, description: string) =>
  ({
    type: 'string',
    minLength: 1,
    maxLength,
    pattern: PRINTABLE_ID_PATTERN,
    description,
  }) as const;

/** A person's name part: any script, no control characters. */
const namePart = (description: string) =>
  ({
    type: 'string',
    maxLength: 100,
    pattern: '^[^\\u0000-\\u001F\\u007F]*$',
    description,
  }) as const;

/**
 * An absolute URI (RFC 3986: ASCII, so no raw spaces or control characters); that it is http or
 * https, with no user name or password, is checked by the handler with a clearer message (the
 * form redirects customers there, so javascript: and data: must never pass).
 */
const redirectUrl = (description: string) =>
  ({
    type: 'string',
    format: 'uri',
    maxLength: 2048,
    description: `Absolute http(s) URL, without a user name or password. ${description}`,
  }) as const;

export const URL_FIELDS = ['successUrl', 'cancelUrl', 'errorUrl', 'callbackUrl'] as const;
export type UrlField = (typeof URL_FIELDS)[number];

export interface CreateInvoiceBody {
  flowType: FlowType;
  terminalId: number;
  amount: number;
  currency: string;
  merchantInvoiceId: string;
  customer: { externalId: string; firstName?: string; lastName?: string };
  paymentMethodName?: PaymentMethodName;
  canChangeAmount: boolean;
  maxAmount?: number;
  successUrl?: string;
  cancelUrl?: string;
  errorUrl?: string;
  callbackUrl?: string;
  expiresInMinutes: number;
}

export const createInvoiceBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['flowType', 'terminalId', 'amount', 'currency', 'merchantInvoiceId', 'customer'],
  properties: {
    flowType: {
      type: 'string',
      enum: FLOW_TYPES,
      description: 'DEPOSIT: the customer pays in. WITHDRAWAL: the customer is paid out.',
    },
    terminalId: {
      ...recordIdSchema,
      description: 'One of your terminals, enabled, with this flow type and currency.',
    },
    amount: {
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description:
        'Minor units (UZS 1500.00 is 150000). Within the currency’s limits and, when ' +
        'paymentMethodName is given, the method’s.',
    },
    currency: {
      type: 'string',
      pattern: '^[A-Z]{3}$',
      description: 'Currency code, e.g. UZS; must be the terminal’s currency.',
    },
    merchantInvoiceId: printableId(100, 'Your id of this payment; unique among your invoices.'),
    customer: {
      type: 'object',
      additionalProperties: false,
      required: ['externalId'],
      properties: {
        externalId: printableId(100, 'Your id of the customer.'),
        firstName: namePart('Customer’s first name.'),
        lastName: namePart('Customer’s last name.'),
      },
    },
    paymentMethodName: {
      type: 'string',
      enum: PAYMENT_METHOD_NAMES,
      description:
        'Preselects the method on the payment form; must be a method of the currency. ' +
        'Without it the customer chooses.',
    },
    canChangeAmount: {
      type: 'boolean',
      default: false,
      description: 'Whether the customer may change the amount on the payment form.',
    },
    maxAmount: {
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description:
        'Withdrawals with canChangeAmount only: the most the customer may ask to be paid out, ' +
        'in minor units, at least amount. Without it the customer may choose up to amount.',
    },
    successUrl: redirectUrl('Where the payment form sends the customer after a payment.'),
    cancelUrl: redirectUrl('Where the payment form sends the customer after a failure.'),
    errorUrl: redirectUrl('Where the payment form sends the customer after an error.'),
    callbackUrl: redirectUrl(
      'Receives a signed POST (Standard Webhooks) when the invoice reaches a final status. ' +
        'Must be https:// where the server takes no http:// webhooks (WEBHOOK_ALLOW_HTTP, off ' +
        'in production).',
    ),
    expiresInMinutes: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_EXPIRES_IN_MINUTES,
      default: DEFAULT_EXPIRES_IN_MINUTES,
      description: 'Lifetime of the invoice; an unpaid invoice is canceled after it.',
    },
  },
} as const;

export const createInvoiceHeadersSchema = {
  type: 'object',
  properties: idempotencyKeyHeaderProperty,
} as const;

const nullableUrl = { type: ['string', 'null'] } as const;

/** An invoice as the merchant API answers it. */
export const merchantInvoiceSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'invoiceId',
    'merchantInvoiceId',
    'flowType',
    'status',
    'amount',
    'fee',
    'currency',
    'terminalId',
    'paymentMethodName',
    'canChangeAmount',
    'maxAmount',
    'isTest',
    'formId',
    'paymentUrl',
    'customer',
    'successUrl',
    'cancelUrl',
    'errorUrl',
    'callbackUrl',
    'createdAt',
    'statusDate',
    'expiresAt',
  ],
  properties: {
    invoiceId: { type: 'string', format: 'uuid', description: 'Our id of the invoice.' },
    merchantInvoiceId: { type: 'string' },
    flowType: { type: 'string', enum: FLOW_TYPES },
    status: {
      type: 'string',
      enum: INVOICE_STATUSES,
      description:
        'NEW, IN_PROGRESS, PAYED (awaiting confirmation); final: DONE, DECLINED, CANCELED.',
    },
    amount: { type: 'integer', description: 'Minor units.' },
    fee: { type: 'integer', description: 'Minor units.' },
    currency: { type: 'string', description: 'Currency code.' },
    terminalId: { type: 'integer' },
    paymentMethodName: { type: ['string', 'null'] },
    canChangeAmount: { type: 'boolean' },
    maxAmount: {
      type: ['integer', 'null'],
      description:
        'Withdrawals: the most the customer may ask to be paid out (minor units). Null for deposits.',
    },
    isTest: { type: 'boolean', description: 'Created on a test terminal: no real money moves.' },
    formId: { type: 'string', description: 'Public id of the hosted payment form.' },
    paymentUrl: { type: 'string', description: 'Send the customer here to pay.' },
    customer: {
      type: 'object',
      additionalProperties: false,
      required: ['externalId', 'firstName', 'lastName'],
      properties: {
        externalId: { type: 'string' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
      },
    },
    successUrl: nullableUrl,
    cancelUrl: nullableUrl,
    errorUrl: nullableUrl,
    callbackUrl: nullableUrl,
    createdAt: { type: 'string', format: 'date-time' },
    statusDate: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
  },
} as const;

/** An invoice of the merchant API, named #/components/schemas/MerchantInvoice. */
export const merchantInvoiceComponent = sharedSchema('MerchantInvoice', merchantInvoiceSchema);

/** Response header of a replayed answer, for the OpenAPI document. */
export const invoiceIdParamsSchema = {
  type: 'object',
  required: ['invoiceId'],
  additionalProperties: false,
  properties: { invoiceId: { type: 'string', format: 'uuid' } },
} as const;

/** Invoices per page of GET /invoices: 10 unless `limit` says otherwise, at most 100. */
export const DEFAULT_INVOICE_LIST_LIMIT = 10;
export const MAX_INVOICE_LIST_LIMIT = 100;

/** Query of GET /invoices. `starting_after` is spelled as Stripe spells it. */
export interface MerchantInvoiceListQuery {
  status?: InvoiceStatusCode[];
  flowType?: FlowType;
  createdFrom?: string;
  createdTo?: string;
  merchantInvoiceId?: string;
  limit: number;
  starting_after?: string;
}

const queryDateTime = (description: string) =>
  ({
    type: 'string',
    format: 'date-time',
    description: `ISO 8601 date-time with an offset, e.g. 2025-11-23T00:00:00Z. ${description}`,
  }) as const;

export const merchantInvoiceListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: {
      type: 'array',
      items: { type: 'string', enum: INVOICE_STATUS_CODES },
      minItems: 1,
      maxItems: INVOICE_STATUS_CODES.length,
      description:
        'Only invoices in this status; repeat the parameter for several ' +
        '(status=DONE&status=DECLINED): an invoice in any of them matches.',
    },
    flowType: {
      type: 'string',
      enum: FLOW_TYPES,
      description: 'Only deposits (DEPOSIT) or only payouts (WITHDRAWAL).',
    },
    createdFrom: queryDateTime('Only invoices created at or after it (inclusive).'),
    createdTo: queryDateTime('Only invoices created before it (exclusive); after createdFrom.'),
    // The pattern of the create: other ids cannot exist, and a NUL must never reach the database.
    merchantInvoiceId: printableId(
      100,
      'Your id of the invoice, URL-encoded. Unique among your invoices, so the list holds that ' +
        'invoice alone, or nothing.',
    ),
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_INVOICE_LIST_LIMIT,
      default: DEFAULT_INVOICE_LIST_LIMIT,
      description: `Invoices per page, 1 to ${MAX_INVOICE_LIST_LIMIT}.`,
    },
    starting_after: {
      type: 'string',
      format: 'uuid',
      description:
        'For the next page: the invoiceId of the last invoice of the previous page (one of ' +
        'yours). The page holds the invoices that come after it in the list’s order.',
    },
  },
} as const;

/** The answer of GET /invoices: a page of the merchant's invoices, newest first. */
export const merchantInvoiceListSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['data', 'has_more'],
  properties: {
    data: {
      type: 'array',
      items: merchantInvoiceComponent.ref,
      description: 'Newest first (by createdAt, then invoiceId, both descending).',
    },
    has_more: {
      type: 'boolean',
      description:
        'Whether more invoices match: ask for them with starting_after set to the invoiceId ' +
        'of the last invoice of data.',
    },
  },
} as const;

/** A page of GET /invoices, named #/components/schemas/MerchantInvoiceList. */
export const merchantInvoiceListComponent = sharedSchema(
  'MerchantInvoiceList',
  merchantInvoiceListSchema,
);
