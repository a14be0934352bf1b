import type { components, paths, webhooks } from './generated/merchant-api-types.ts';

/**
 * Names for the shapes of the merchant API, all taken from the generated types (so they follow
 * the server's OpenAPI document; see scripts/merchant-api-types.ts).
 */

type InvoicesPath = paths['/api/merchant/v1/invoices'];
type InvoicePath = paths['/api/merchant/v1/invoices/{invoiceId}'];
type EventsPath = paths['/api/merchant/v1/events'];
type BalancesPath = paths['/api/merchant/v1/balances'];
type BalanceTransactionsPath = paths['/api/merchant/v1/balance-transactions'];

/** The body of POST /invoices. */
export type CreateInvoiceBody = InvoicesPath['post']['requestBody']['content']['application/json'];

/** An invoice as the merchant API answers it. */
export type Invoice = InvoicePath['get']['responses'][200]['content']['application/json']['data'];
export type InvoiceStatus = Invoice['status'];
export type FlowType = Invoice['flowType'];

/** A page of GET /invoices: `{ data, has_more }`. */
export type InvoicePage = InvoicesPath['get']['responses'][200]['content']['application/json'];

type InvoiceListQuery = NonNullable<InvoicesPath['get']['parameters']['query']>;

/**
 * The filters of GET /invoices. `createdFrom` (inclusive) and `createdTo` (exclusive) take a
 * Date or an ISO 8601 date-time with an offset; `status` may name several statuses.
 */
export type InvoiceFilters = Omit<InvoiceListQuery, 'createdFrom' | 'createdTo'> & {
  createdFrom?: string | Date;
  createdTo?: string | Date;
};

/** A page of GET /events: `{ data, has_more }`. */
export type EventPage = EventsPath['get']['responses'][200]['content']['application/json'];
/** One entry of the event log, with its deliveries. */
export type MerchantEvent = EventPage['data'][number];
/** The filters of GET /events. */
export type EventFilters = NonNullable<EventsPath['get']['parameters']['query']>;

/** The answer of GET /balances: `{ data }`, one balance per currency, by currency code. */
export type BalanceList = BalancesPath['get']['responses'][200]['content']['application/json'];
/** One balance: `available` and `reserved` in minor units, and when it last changed. */
export type Balance = BalanceList['data'][number];

/** A page of GET /balance-transactions: `{ data, has_more }`. */
export type BalanceTransactionPage =
  BalanceTransactionsPath['get']['responses'][200]['content']['application/json'];
/** One change of a balance: its cause, the change and the balance right after it. */
export type BalanceTransaction = BalanceTransactionPage['data'][number];
export type BalanceTransactionType = BalanceTransaction['type'];
/** The filters of GET /balance-transactions. */
export type BalanceTransactionFilters = NonNullable<
  BalanceTransactionsPath['get']['parameters']['query']
>;

/** The RFC 9457 body of every error answer. */
export type Problem = components['schemas']['Problem'];
export type ProblemCode = Problem['code'];
export type ProblemFieldError = NonNullable<Problem['errors']>[number];

type WebhookBody<Type extends keyof webhooks> =
  webhooks[Type]['post']['requestBody']['content']['application/json'];

/**
 * A verified webhook delivery's body, the Standard Webhooks envelope `{ type, timestamp, data }`:
 * a union by `type`, so `switch (event.type)` narrows `data`.
 */
export type WebhookEvent = { [Type in keyof webhooks]: WebhookBody<Type> }[keyof webhooks];
export type WebhookEventType = WebhookEvent['type'];
/** The events about an invoice (every type but webhook.test): `data` is the invoice. */
export type InvoiceWebhookEvent = Exclude<WebhookEvent, { type: 'webhook.test' }>;
