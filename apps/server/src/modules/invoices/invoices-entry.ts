/**
 * What the invoices module offers other modules (decision 0018, "Boundaries"). It is the only
 * module that writes an invoice; the others ask it to:
 * - create one (`createInvoice`, the merchant API);
 * - lock one for a change in the caller's transaction (`lockInvoice`), then record the customer's
 *   choices, hand it to its provider, decline it, mark it paid, apply a provider's status or close
 *   a provider attempt (`recordCustomerChoice`, `sendToProvider`, `declineInvoice`,
 *   `markCustomerPaid`, `applyStatusChange`, `closeProviderAttempt`, `CUSTOMER_EVENT_CODES`), after
 *   checking that a provider's report is about the current attempt (`requireCurrentProviderAttempt`),
 *   and keep a refused report that money moved after the end (`noteMoneyMovedAfterEnd`), or ask
 *   whether its provider reported a payout paid (`wasPaidOut`); route payouts by the provider
 *   their terminal names (`payoutProviderCodeOf`), which each attempt records when it opens;
 * - read the invoice behind a payment form (`findInvoiceByFormId`, `InvoiceRecord`);
 * - filter invoices as the back office's invoice list does (`InvoiceListQuery`,
 *   `invoiceFilterProperties`, `invoiceListConditions`) and pick the invoices whose money moved,
 *   for figures and reports (`movedMoney`, `movedMoneyIn`).
 */
export type { InvoiceListQuery } from './invoice-list-filters.ts';
export { invoiceFilterProperties, invoiceListConditions } from './invoice-list-filters.ts';
export type { InvoiceRecord } from './invoice-repository.ts';
export { findInvoiceByFormId, payoutProviderCodeOf } from './invoice-repository.ts';
export {
  applyStatusChange,
  CUSTOMER_EVENT_CODES,
  closeProviderAttempt,
  createInvoice,
  declineInvoice,
  lockInvoice,
  markCustomerPaid,
  noteMoneyMovedAfterEnd,
  recordCustomerChoice,
  requireCurrentProviderAttempt,
  sendToProvider,
  wasPaidOut,
} from './invoice-status-service.ts';
export { movedMoney, movedMoneyIn } from './money-movement.ts';
