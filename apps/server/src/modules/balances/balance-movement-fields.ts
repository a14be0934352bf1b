import { asc, desc, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { balanceMovements, invoices } from '../../db/schema.ts';

/**
 * One page of ledger rows (decision 0028), chosen before anything names them: the readers join
 * the page to merchants, terminals, invoices and people afterwards. Joined first, PostgreSQL
 * planned the joins under the LIMIT in parallel: 160-220 ms for a statement page of 2,000 rows
 * at 1M invoices against 57-63 ms this way (docs/performance.md, seventeenth session).
 */
export const ledgerPage = (
  db: Database,
  where: SQL | undefined,
  newestFirst: boolean,
  limit: number,
) =>
  db
    .select({
      id: balanceMovements.id,
      createdAt: balanceMovements.createdAt,
      merchantId: balanceMovements.merchantId,
      currencyId: balanceMovements.currencyId,
      personId: balanceMovements.personId,
      kind: balanceMovements.kind,
      terminalId: balanceMovements.terminalId,
      invoiceId: balanceMovements.invoiceId,
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
    })
    .from(balanceMovements)
    .where(where)
    .orderBy(newestFirst ? desc(balanceMovements.id) : asc(balanceMovements.id))
    .limit(limit)
    .as('ledger_page');

export type LedgerPage = ReturnType<typeof ledgerPage>;

/**
 * What a ledger row says: its cause as it was then, the change and the balance after it. The
 * readers of the ledger select these from a `ledgerPage` (the balance statement, the merchant
 * API's balance transactions and the back office's balance movements, decision 0029), each with
 * the names it shows; they left-join `invoices` on the row's invoice for the merchant's own
 * invoice id.
 */
export const balanceMovementFields = (page: LedgerPage) => ({
  id: page.id,
  createdAt: page.createdAt,
  kind: page.kind,
  terminalId: page.terminalId,
  invoiceId: page.invoiceId,
  merchantInvoiceId: invoices.merchantInvoiceId,
  settlementId: page.settlementId,
  flowType: page.flowType,
  fromStatus: page.fromStatus,
  toStatus: page.toStatus,
  amountBefore: page.amountBefore,
  amountAfter: page.amountAfter,
  feeBefore: page.feeBefore,
  feeAfter: page.feeAfter,
  availableChange: page.availableChange,
  reservedChange: page.reservedChange,
  availableAfter: page.availableAfter,
  reservedAfter: page.reservedAfter,
});
