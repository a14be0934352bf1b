import { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';

/**
 * What a CSV cell holds, which decides how it is written:
 * - `text`: text a person supplied (merchant invoice and customer ids, customer names, terminal,
 *   pool, provider and payment method names). A spreadsheet runs a cell as a formula when it
 *   starts with = + - @, tab or carriage return, so such a text cell gets a leading `'` (OWASP
 *   "CSV Injection") before it is quoted.
 * - `number`, `date`, `code`: formatted by the product itself (amounts such as -1500.00, counts,
 *   record ids, dates, and values of a fixed set: flow type, status, currency code, yes/no) and
 *   written as they are, so a spreadsheet still reads a negative amount as a number.
 */
export type CsvCellKind = 'text' | 'number' | 'date' | 'code';

type CsvValue = string | number | boolean | null | undefined;

/** A column of a CSV report: its header, what its cells hold and each row's value. */
export type CsvColumn<Row> =
  | { header: string; kind: 'text'; value: (row: Row) => string | null }
  | {
      header: string;
      kind: Exclude<CsvCellKind, 'text'>;
      value: (row: Row) => string | number | boolean | null;
    };

/** Text handed to the response at a time: large enough to keep per-write costs negligible. */
const CHUNK_CHARACTERS = 64 * 1024;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * The first characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"):
 * = + - @, tab (0x09) and carriage return (0x0D). The one list csvField and csvTextSql check.
 */
const FORMULA_FIRST_CHARACTERS = '=+-@\t\r';

/** Whether a text cell would be run as a formula by a spreadsheet: it then gets a leading `'`. */
const startsLikeFormula = (text: string) =>
  text.length > 0 && FORMULA_FIRST_CHARACTERS.includes(text.charAt(0));

/**
 * One RFC 4180 field: quoted (with doubled quotes) only when it holds a comma, quote or line
 * break. null is empty, booleans are 1 and empty (as csv-stringify wrote them before). A `text`
 * cell that starts like a formula gets a leading `'` first (`=1,2` is written `"'=1,2"`); the
 * other kinds are written as the product formatted them.
 */
export const csvField = (value: CsvValue, kind: CsvCellKind): string => {
  if (value === null || value === undefined || value === false) return '';
  const written = value === true ? '1' : String(value);
  const text = kind === 'text' && startsLikeFormula(written) ? `'${written}` : written;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** startsLikeFormula's characters as code points for ascii() (which gives 0 for empty text). */
const FORMULA_CODE_POINTS_SQL = sql.raw(
  [...FORMULA_FIRST_CHARACTERS].map((character) => character.codePointAt(0)).join(', '),
);

/**
 * A `text` field as csvField writes it, in SQL, for the exports the database formats
 * (invoice-csv-export.ts): a leading `'` when it starts like a formula, then quoted, with
 * doubled quotes, only when it holds a comma, a quote or a line break; null as empty. The `'`
 * holds no double quote, so it is put in front of the doubled text.
 */
export const csvTextSql = (value: SQL) => {
  const text = sql`coalesce(${value}, '')`;
  const mark = sql`CASE WHEN ascii(${text}) IN (${FORMULA_CODE_POINTS_SQL}) THEN '''' ELSE '' END`;
  return sql`CASE WHEN ${text} ~ E'[",\\r\\n]' THEN '"' || ${mark} || replace(${text}, '"', '""') || '"' ELSE ${mark} || ${text} END`;
};

/**
 * csvField in SQL: a `text` cell through csvTextSql; a cell of any other kind is the product's
 * own formatting (no comma, quote or line break, never null, which concat_ws would skip) as is.
 */
export const csvCellSql = (value: SQL, kind: CsvCellKind) =>
  kind === 'text' ? csvTextSql(value) : value;

const csvRecord = (fields: ReadonlyArray<string>) => `${fields.join(',')}\r\n`;

/** The header record: names the product chose. */
const csvHeaderRecord = (headers: ReadonlyArray<string>) =>
  csvRecord(headers.map((header) => csvField(header, 'code')));

/** Record text of a CSV source: strings, or bytes already encoded as UTF-8. */
export type CsvText = string | Uint8Array;

/**
 * Streams an RFC 4180 CSV attachment (UTF-8 with a byte-order mark so spreadsheet programs read
 * Cyrillic and Uzbek names right, CRLF line ends) from a header and an async source of record
 * text, pulled only as fast as the client reads (backpressure), so a large export never sits in
 * memory whole. The first piece is read before the CSV headers are set: a query that fails (bad
 * input included) still gets the JSON error answer, not a broken text/csv one.
 */
export const sendCsvText = async (
  reply: FastifyReply,
  fileName: string,
  headers: ReadonlyArray<string>,
  records: AsyncIterable<CsvText>,
) => {
  const pending = records[Symbol.asyncIterator]();
  const first = await pending.next();
  const pieces = async function* toPieces() {
    try {
      yield `\uFEFF${csvHeaderRecord(headers)}`;
      for (let next = first; !next.done; next = await pending.next()) yield next.value;
    } finally {
      // A client that leaves early ends the source too (no further page is queried).
      await pending.return?.();
    }
  };
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(pieces(), { objectMode: false }));
};

/** Formats rows of an array or an async source into 64 KB pieces of CSV records. */
async function* csvRecordsOf<Row>(
  columns: ReadonlyArray<CsvColumn<Row>>,
  rows: AsyncIterable<Row> | Iterable<Row>,
): AsyncGenerator<string> {
  let chunk = '';
  for await (const row of rows) {
    chunk += csvRecord(columns.map((column) => csvField(column.value(row), column.kind)));
    if (chunk.length >= CHUNK_CHARACTERS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** Streams rows as a CSV attachment, each formatted by its columns (see sendCsvText). */
export const sendCsv = async <Row>(
  reply: FastifyReply,
  fileName: string,
  columns: ReadonlyArray<CsvColumn<Row>>,
  rows: AsyncIterable<Row> | Iterable<Row>,
) =>
  sendCsvText(
    reply,
    fileName,
    columns.map((column) => column.header),
    csvRecordsOf(columns, rows),
  );
