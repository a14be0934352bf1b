import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Database, queryRows, releaseAfterStatement } from '../../db/database.ts';
import { currencies, invoices, paymentMethods, terminals } from '../../db/schema.ts';
import { type CsvCellKind, csvCellSql } from './csv-download.ts';
import { readingAhead } from './read-ahead-pages.ts';

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

export interface CsvPaging {
  /** Records per query. */
  pageSize: number;
  /** Records per string a query returns. */
  recordsPerPiece: number;
  /** Bytes handed to the response at a time (CSV_CHUNK_BYTES unless a test says otherwise). */
  chunkBytes?: number;
}

/** A page read: its records (as `chunks` gives them out), how many, and where it ended. */
interface CsvPage {
  rows: number;
  last: Cursor | null;
  /** The page's text in pieces of at most `chunkBytes`, each made as it is asked for. */
  chunks: () => Iterable<string | Uint8Array>;
}

/**
 * Records per piece of text a page comes back in: about 50 KB, under V8's large-object size
 * (128 KB), which would put a string straight into the old generation.
 */
const RECORDS_PER_PIECE = 250;

/** Bytes handed to the response at a time, as csv-download.ts hands out formatted text. */
export const CSV_CHUNK_BYTES = 64 * 1024;

/**
 * One page of CSV text, written by PostgreSQL itself: keyset pagination on (created_at, id), the
 * page's rows formatted and joined into a few strings. No row objects are built in JavaScript,
 * which is what held the export to about 50,000 rows/s (issue 10, decision 0016).
 */
const csvPageQuery = (
  where: SQL | undefined,
  after: Cursor | null,
  { pageSize, recordsPerPiece }: CsvPaging,
  options: InvoiceCsvOptions,
): SQL => {
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
  return sql`WITH page AS (
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
    FROM numbered GROUP BY piece ORDER BY piece`;
};

/** Where a page ended, from its last piece (every piece carries the page's last row). */
const cursorOf = (piece: CsvPiece | undefined): Cursor | null =>
  piece ? { createdAt: piece.lastCreatedAt, id: piece.lastId } : null;

/**
 * A page's bytes, in a buffer kept for the whole export and written over by every other page:
 * the export's memory is two of these (the page being sent and the next one being read) whatever
 * the number of rows, and no garbage is left per page.
 */
class PageBytes {
  private buffer = Buffer.allocUnsafe(0);
  private length = 0;

  clear() {
    this.length = 0;
  }

  append(text: string) {
    // UTF-8 takes at most three bytes per UTF-16 unit; count exactly only near the end.
    if (this.buffer.length - this.length < text.length * 3) {
      const needed = this.length + Buffer.byteLength(text);
      if (needed > this.buffer.length) {
        const grown = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2, 1 << 20));
        this.buffer.copy(grown, 0, 0, this.length);
        this.buffer = grown;
      }
    }
    this.length += this.buffer.write(text, this.length);
  }

  /**
   * Copies of the page in pieces of `size` bytes, each made when asked for. Copies, because the
   * response may still hold a piece when this buffer takes the page after next; each is
   * short-lived (written and dropped) and so is collected young.
   */
  *chunks(size: number): Generator<Uint8Array> {
    for (let offset = 0; offset < this.length; offset += size) {
      yield Buffer.from(this.buffer.subarray(offset, Math.min(offset + size, this.length)));
    }
  }
}

/** Reads pages of the CSV export; one reader per export. */
type CsvPageReader = (query: SQL) => Promise<CsvPage>;

const dialect = new PgDialect();

/**
 * Pages through the database's own connection pool (node-postgres), each piece copied into a
 * reusable PageBytes as it arrives, so the strings the driver decodes die within the turn that
 * made them. Collected into one result (Drizzle's execute), a page's strings lived until the
 * page had been sent and were promoted to V8's old generation: garbage that only a full
 * collection frees, which let the server's resident memory grow by 40 to 110 MB during a
 * 1M-row export (docs/performance.md).
 */
const streamingPageReader = (pool: pg.Pool, chunkBytes: number): CsvPageReader => {
  // Two buffers in turn: a page is read into one while the previous one is being sent.
  const buffers = [new PageBytes(), new PageBytes()];
  let turn = 0;
  return async (query) => {
    const bytes = buffers[turn % 2] as PageBytes;
    turn += 1;
    bytes.clear();
    const { sql: text, params } = dialect.sqlToQuery(query);
    const client = await pool.connect();
    let failure: unknown;
    try {
      let rows = 0;
      let last: CsvPiece | undefined;
      await new Promise<void>((resolve, reject) => {
        const pageQuery = new pg.Query<CsvPiece>({ text, values: params });
        pageQuery.on('row', (piece, result) => {
          // pg keeps every row of a query in its result when the pool sets a read timeout
          // (query_timeout wraps the query's callback, and a query with a callback collects its
          // rows): drop the ones already copied, so each piece dies young.
          if (result) result.rows.length = 0;
          bytes.append(piece.text);
          rows += Number(piece.rows);
          last = piece;
        });
        pageQuery.on('error', reject);
        pageQuery.on('end', () => resolve());
        client.query(pageQuery);
      });
      return { rows, last: cursorOf(last), chunks: () => bytes.chunks(chunkBytes) };
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      // The pool's own rule (database.ts), as its queries follow.
      releaseAfterStatement(pool, client, failure);
    }
  };
};

/** Pages through Drizzle: any other driver (the strings are kept until the page is sent). */
const drizzlePageReader =
  (db: Database): CsvPageReader =>
  async (query) => {
    const pieces = await queryRows<CsvPiece>(db, query);
    return {
      rows: pieces.reduce((sum, piece) => sum + Number(piece.rows), 0),
      last: cursorOf(pieces.at(-1)),
      chunks: () => pieces.map((piece) => piece.text),
    };
  };

/** The node-postgres pool under `db` (both databases have one, database.ts), else Drizzle. */
const csvPageReader = (db: Database, chunkBytes: number): CsvPageReader => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool
    ? streamingPageReader(client, chunkBytes)
    : drizzlePageReader(db);
};

/**
 * The CSV records (no header) of every invoice matching `where`, newest first, in pieces of text
 * or bytes. Keyset pagination keeps the cost per page flat however deep the export goes, and the
 * next page is queried while the current one is being sent, so the database and the network
 * overlap; nothing further is read until the consumer has taken the current page.
 */
export async function* invoiceCsvPages(
  db: Database,
  where: SQL | undefined,
  options: InvoiceCsvOptions,
  paging: CsvPaging = { pageSize: INVOICE_CSV_PAGE_SIZE, recordsPerPiece: RECORDS_PER_PIECE },
): AsyncGenerator<string | Uint8Array> {
  const readPage = csvPageReader(db, paging.chunkBytes ?? CSV_CHUNK_BYTES);
  yield* readingAhead(
    readPage(csvPageQuery(where, null, paging, options)),
    (page) =>
      page.rows === paging.pageSize && page.last
        ? readPage(csvPageQuery(where, page.last, paging, options))
        : null,
    (page) => page.chunks(),
  );
}
