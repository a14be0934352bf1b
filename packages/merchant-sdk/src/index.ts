/**
 * @paygate/merchant-sdk: the merchant API (docs/merchant-api.md) from Node.js — signed calls,
 * idempotent invoice creation, paged lists, RFC 9457 errors and webhook verification.
 */
export type {
  Balance,
  BalanceList,
  BalanceTransaction,
  BalanceTransactionFilters,
  BalanceTransactionPage,
  BalanceTransactionType,
  CreateInvoiceBody,
  EventFilters,
  EventPage,
  FlowType,
  Invoice,
  InvoiceFilters,
  InvoicePage,
  InvoiceStatus,
  InvoiceWebhookEvent,
  MerchantEvent,
  Problem,
  ProblemCode,
  ProblemFieldError,
  WebhookEvent,
  WebhookEventType,
} from './merchant-api-types.ts';
export { PaygateApiError } from './paygate-api-error.ts';
export {
  type CreatedInvoice,
  type CreateInvoiceOptions,
  type FetchLike,
  MERCHANT_API_PATH,
  PaygateClient,
  type PaygateClientOptions,
} from './paygate-client.ts';
export { type SignedRequestParts, secretKeyBytes, sign, unixTimestamp } from './request-signing.ts';
export {
  verifyWebhook,
  type WebhookHeaders,
  WebhookVerificationError,
} from './webhook-verification.ts';
