import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { invoices } from '../../db/schema.ts';
import { type InvoiceRow, selectInvoiceRows } from '../invoices/invoice-presenter.ts';

const PAGE_SIZE = 1_000;

/**
 * Every invoice matching `where`, newest first, read a page at a time with keyset pagination
 * (created_at, id) so the cost per page stays flat however deep the export goes.
 */
export async function* invoiceRowsInPages(
  db: Database,
  where: SQL | undefined,
): AsyncGenerator<InvoiceRow> {
  let after: { createdAt: Date; id: string } | null = null;
  while (true) {
    const cursor: SQL | undefined = after
      ? or(
          lt(invoices.createdAt, after.createdAt),
          and(eq(invoices.createdAt, after.createdAt), lt(invoices.id, after.id)),
        )
      : undefined;
    const page = await selectInvoiceRows(db, and(where, cursor))
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(PAGE_SIZE);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < PAGE_SIZE) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
