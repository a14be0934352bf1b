import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';
import { currencies, invoices, paymentMethods, terminals } from '../../db/schema.ts';
import { type CsvCellKind, csvCellSql } from './csv-download.ts';

/** Rows per query: one text of about a megabyte each, two of them in memory at a time. */
export const INVOICE_CSV_PAGE_SIZE = 5_000;

export interface InvoiceCsvOptions {
  /** Holders of invoice.provider.read only: the column is left out for everyone else. */
  withProviderInvoiceId: boolean;
}

/**
 * formatMinorUnits (@paygate/domain) in SQL: exactly `dimension` decimals, '-' when negative.
 * Multiplying by the numeric 1e-dimension is exact and gives the product that scale; a division
 * would round beyond about 16 significant digits.
 */
export const minorUnitsTextSql = (minor: SQL, dimension: SQL) =>
  sql`(${minor}::numeric * ('1e-' || ${dimension})::numeric)::text`;

/** formatDateTimeShort (@paygate/domain) in SQL: DD/MM/YYYY HH:mm:ss in UTC. */
export const dateTimeTextSql = (value: SQL) =>
  sql`to_char(${value} AT TIME ZONE 'UTC', 'DD/MM/YYYY HH24:MI:SS')`;

/** A column of Invoices.csv: its header, what its cells hold (csv-download.ts) and its SQL. */
interface InvoiceCsvColumn {
  header: string;
  kind: CsvCellKind;
  value: SQL;
  /** What a `text` cell holds when its value is null, instead of nothing: the product's own mark. */
  whenNull?: string;
}

const providerInvoiceIdColumn: InvoiceCsvColumn = {
  header: 'Provider Invoice ID',
  kind: 'text',
  value: sql`${invoices.providerInvoiceId}`,
};

/** The columns of Invoices.csv and the transactions report, in file order. */
const invoiceCsvColumns = ({ withProviderInvoiceId }: InvoiceCsvOptions): InvoiceCsvColumn[] => [
  { header: 'Invoice ID', kind: 'code', value: sql`${invoices.id}::text` },
  { header: 'Merchant Invoice ID', kind: 'text', value: sql`${invoices.merchantInvoiceId}` },
  ...(withProviderInvoiceId ? [providerInvoiceIdColumn] : []),
  { header: 'Created (UTC)', kind: 'date', value: dateTimeTextSql(sql`${invoices.createdAt}`) },
  {
    header: 'Status date (UTC)',
    kind: 'date',
    value: dateTimeTextSql(sql`${invoices.statusDate}`),
  },
  { header: 'Flow type', kind: 'code', value: sql`${invoices.flowType}` },
  { header: 'Status', kind: 'code', value: sql`${invoices.status}` },
  {
    header: 'Amount',
    kind: 'number',
    value: minorUnitsTextSql(sql`${invoices.amount}`, sql`${currencies.dimension}`),
  },
  {
    header: 'Fee',
    kind: 'number',
    value: minorUnitsTextSql(sql`${invoices.fee}`, sql`${currencies.dimension}`),
  },
  { header: 'Currency', kind: 'code', value: sql`rtrim(${currencies.code})` },
  { header: 'Terminal', kind: 'text', value: sql`${terminals.name}` },
  {
    header: 'Payment method',
    kind: 'text',
    value: sql`${paymentMethods.name}`,
    whenNull: '-',
  },
  { header: 'User ID', kind: 'text', value: sql`${invoices.customerExternalId}` },
  {
    header: 'Owner name',
    kind: 'text',
    value: sql`btrim(${invoices.customerFirstName} || ' ' || ${invoices.customerLastName})`,
  },
  {
    header: 'Test',
    kind: 'code',
    value: sql`CASE WHEN ${invoices.isTestProcessing} THEN 'yes' ELSE 'no' END`,
  },
];

/** The header record of Invoices.csv and the transactions report. */
export const invoiceCsvHeaders = (options: InvoiceCsvOptions): string[] =>
  invoiceCsvColumns(options).map((column) => column.header);

/**
 * One CSV record per invoice, CRLF-terminated; every part non-null (concat_ws skips nulls). Each
 * cell is written by its kind (csvCellSql): text cells neutralised against formulas and quoted.
 */
const invoiceCsvLine = (options: InvoiceCsvOptions) =>
  sql.join(
    invoiceCsvColumns(options).map(({ value, kind, whenNull }) =>
      whenNull === undefined
        ? csvCellSql(value, kind)
        : sql`CASE WHEN ${value} IS NULL THEN ${whenNull} ELSE ${csvCellSql(value, kind)} END`,
    ),
    sql`, `,
  );

/** Where the previous page ended: created_at as the database's text, which keeps microseconds. */
interface Cursor {
  createdAt: string;
  id: string;
}

interface CsvPiece {
  text: string;
  rows: number;
  lastCreatedAt: string;
  lastId: string;
}

interface CsvPaging {
  /** Records per query. */
  pageSize: number;
  /** Records per string a query returns. */
  recordsPerPiece: number;
}

interface CsvPage {
  pieces: string[];
  rows: number;
  last: Cursor | null;
}

/**
 * Records per piece of text a page comes back in: about 50 KB, under V8's large-object size
 * (128 KB). Larger strings go straight to the old generation and are only freed by a full
 * garbage collection, which let a million-row export grow the server by over 100 MB.
 */
const RECORDS_PER_PIECE = 250;

/**
 * One page of CSV text, written by PostgreSQL itself: keyset pagination on (created_at, id), the
 * page's rows formatted and joined into a few strings. No row objects are built in JavaScript,
 * which is what held the export to about 50,000 rows/s (issue 10, decision 0016).
 */
const readCsvPage = async (
  db: Database,
  where: SQL | undefined,
  after: Cursor | null,
  { pageSize, recordsPerPiece }: CsvPaging,
  options: InvoiceCsvOptions,
): Promise<CsvPage> => {
  const cursor = after
    ? sql`(${invoices.createdAt}, ${invoices.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const conditions = [where, cursor].filter((condition) => condition !== undefined);
  const pageWhere =
    conditions.length > 0
      ? sql`WHERE ${sql.join(
          conditions.map((condition) => sql`(${condition})`),
          sql` AND `,
        )}`
      : sql``;
  // One query: the driving index walk stops after `size` rows, and the joins are of small
  // reference tables only, so the plan stays a nested loop along that walk.
  const pieces = await queryRows<CsvPiece>(
    db,
    sql`WITH page AS (
      SELECT ${invoices.createdAt} AS created_at, ${invoices.id} AS id,
             concat_ws(',', ${invoiceCsvLine(options)}) || E'\r\n' AS line
      FROM ${invoices}
      JOIN ${currencies} ON ${currencies.id} = ${invoices.currencyId}
      JOIN ${terminals} ON ${terminals.id} = ${invoices.terminalId}
      LEFT JOIN ${paymentMethods} ON ${paymentMethods.id} = ${invoices.paymentMethodId}
      ${pageWhere}
      ORDER BY ${invoices.createdAt} DESC, ${invoices.id} DESC
      LIMIT ${pageSize}
    ), numbered AS (
      SELECT line, created_at, id,
             (row_number() OVER (ORDER BY created_at DESC, id DESC) - 1) / ${recordsPerPiece} AS piece
      FROM page
    ), last_row AS (
      SELECT created_at::text AS created_at, id::text AS id FROM page
      ORDER BY created_at, id LIMIT 1
    )
    SELECT string_agg(line, '' ORDER BY created_at DESC, id DESC) AS "text",
           count(*)::int AS "rows",
           (SELECT created_at FROM last_row) AS "lastCreatedAt",
           (SELECT id FROM last_row) AS "lastId"
    FROM numbered GROUP BY piece ORDER BY piece`,
  );
  const last = pieces.at(-1);
  return {
    pieces: pieces.map((piece) => piece.text),
    rows: pieces.reduce((sum, piece) => sum + Number(piece.rows), 0),
    last: last ? { createdAt: last.lastCreatedAt, id: last.lastId } : null,
  };
};

/**
 * The CSV records (no header) of every invoice matching `where`, newest first, as pieces of text.
 * Keyset pagination keeps the cost per page flat however deep the export goes, and the next page
 * is queried while the current one is being sent, so the database and the network overlap.
 */
export async function* invoiceCsvPages(
  db: Database,
  where: SQL | undefined,
  options: InvoiceCsvOptions,
  paging: CsvPaging = { pageSize: INVOICE_CSV_PAGE_SIZE, recordsPerPiece: RECORDS_PER_PIECE },
): AsyncGenerator<string> {
  let page = await readCsvPage(db, where, null, paging, options);
  while (true) {
    const next =
      page.rows === paging.pageSize && page.last
        ? readCsvPage(db, where, page.last, paging, options)
        : null;
    // A failed prefetch is rethrown when awaited below, not reported as unhandled meanwhile.
    next?.catch(() => {});
    yield* page.pieces;
    if (!next) return;
    page = await next;
  }
}
