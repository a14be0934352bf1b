import { balanceMovements, invoices } from '../../db/schema.ts';

/**
 * What a balance ledger row says (decision 0028): its cause as it was then, the change and the
 * balance after it. The readers of the ledger select these (the balance statement, the merchant
 * API's balance transactions, decision 0029), each with the names it shows; they left-join
 * `invoices` on the row's invoice for the merchant's own invoice id.
 */
export const balanceMovementFields = {
  id: balanceMovements.id,
  createdAt: balanceMovements.createdAt,
  kind: balanceMovements.kind,
  terminalId: balanceMovements.terminalId,
  invoiceId: balanceMovements.invoiceId,
  merchantInvoiceId: invoices.merchantInvoiceId,
  settlementId: balanceMovements.settlementId,
  flowType: balanceMovements.flowType,
  fromStatus: balanceMovements.fromStatus,
  toStatus: balanceMovements.toStatus,
  amountBefore: balanceMovements.amountBefore,
  amountAfter: balanceMovements.amountAfter,
  feeBefore: balanceMovements.feeBefore,
  feeAfter: balanceMovements.feeAfter,
  availableChange: balanceMovements.availableChange,
  reservedChange: balanceMovements.reservedChange,
  availableAfter: balanceMovements.availableAfter,
  reservedAfter: balanceMovements.reservedAfter,
};
