import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null;
}

/** Text handed to the response at a time: large enough to keep per-write costs negligible. */
const CHUNK_CHARACTERS = 64 * 1024;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One RFC 4180 field: quoted (with doubled quotes) only when it holds a comma, quote or line
 * break. null is empty, booleans are 1 and empty (as csv-stringify wrote them before).
 */
export const csvField = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined || value === false) return '';
  const text = value === true ? '1' : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const csvRecord = (fields: ReadonlyArray<string | number | boolean | null>) =>
  `${fields.map(csvField).join(',')}\r\n`;

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
  records: AsyncIterable<string>,
) => {
  const pending = records[Symbol.asyncIterator]();
  const first = await pending.next();
  const pieces = async function* toPieces() {
    try {
      yield `\uFEFF${csvRecord(headers)}`;
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

/** Formats rows of an async source into 64 KB pieces of CSV records. */
async function* csvRecordsOf<Row>(
  columns: ReadonlyArray<CsvColumn<Row>>,
  rows: AsyncIterable<Row>,
): AsyncGenerator<string> {
  let chunk = '';
  for await (const row of rows) {
    chunk += csvRecord(columns.map((column) => column.value(row)));
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
  rows: AsyncIterable<Row>,
) =>
  sendCsvText(
    reply,
    fileName,
    columns.map((column) => column.header),
    csvRecordsOf(columns, rows),
  );
