import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { invoices } from '../../db/schema.ts';
import { type InvoiceRow, selectInvoicePage } from '../invoices/invoice-presenter.ts';

/** Rows per query: few round trips, while two pages in memory stay a few megabytes. */
export const CSV_PAGE_SIZE = 2_000;

/** The last row of a page: created_at as the database's text, which keeps its microseconds. */
type Cursor = { createdAt: string; id: string };

const readPage = async (
  db: Database,
  where: SQL | undefined,
  after: Cursor | null,
  size: number,
): Promise<InvoiceRow[]> => {
  // A row comparison, so the (created_at DESC, id DESC) index seeks straight to the cursor.
  const cursor = after
    ? sql`(${invoices.createdAt}, ${invoices.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return selectInvoicePage(db, where && cursor ? sql`${where} AND ${cursor}` : (where ?? cursor), {
    limit: size,
  });
};

/** A JavaScript Date has milliseconds only; the cursor needs the stored microseconds. */
const cursorAfter = async (db: Database, last: InvoiceRow): Promise<Cursor> => {
  const [row] = await db
    .select({ createdAt: sql<string>`${invoices.createdAt}::text` })
    .from(invoices)
    .where(eq(invoices.id, last.id));
  return { createdAt: row?.createdAt ?? last.createdAt.toISOString(), id: last.id };
};

/**
 * Every invoice matching `where`, newest first, read a page at a time with keyset pagination
 * (created_at, id) so the cost per page stays flat however deep the export goes. The next page
 * is queried while the current one is being written out, so the database and the formatting
 * overlap instead of taking turns.
 */
export async function* invoiceRowsInPages(
  db: Database,
  where: SQL | undefined,
  pageSize = CSV_PAGE_SIZE,
): AsyncGenerator<InvoiceRow> {
  let page = await readPage(db, where, null, pageSize);
  while (true) {
    const last = page.at(-1);
    const next =
      last && page.length === pageSize
        ? cursorAfter(db, last).then((cursor) => readPage(db, where, cursor, pageSize))
        : null;
    // A failed prefetch is rethrown when awaited below, not reported as unhandled meanwhile.
    next?.catch(() => {});
    yield* page;
    if (!next) return;
    page = await next;
  }
}
