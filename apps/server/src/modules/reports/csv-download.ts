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

const twoDigits = (value: number) => (value < 10 ? `0${value}` : String(value));

/**
 * DD/MM/YYYY HH:mm:ss in UTC, exactly as formatDateTimeShort (@paygate/domain) writes it, ''
 * for an invalid date. Written out by hand because the export formats two dates per row: over a
 * million rows the general formatter's per-call cost was a quarter of the export's time.
 */
export const csvDateTime = (date: Date): string => {
  if (Number.isNaN(date.getTime())) return '';
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${twoDigits(date.getUTCDate())}/${twoDigits(date.getUTCMonth() + 1)}/${year} ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}`;
};

const csvRecord = (fields: ReadonlyArray<string | number | boolean | null>) =>
  `${fields.map(csvField).join(',')}\r\n`;

/**
 * Streams rows as an RFC 4180 CSV attachment (UTF-8 with a byte-order mark so spreadsheet
 * programs read Cyrillic and Uzbek names right, CRLF line ends). Rows come from an async source
 * page by page and leave in 64 KB chunks, pulled only as fast as the client reads (backpressure),
 * so a large export never sits in memory whole. Formatting here rather than through a
 * per-record stream library keeps a million-row export at well over 100,000 rows/s (issue 10).
 */
export const sendCsv = async <Row>(
  reply: FastifyReply,
  fileName: string,
  columns: ReadonlyArray<CsvColumn<Row>>,
  rows: AsyncIterable<Row>,
) => {
  // The first page is read before the CSV headers are set: a query that fails (bad input
  // included) still gets the JSON error answer, not a broken text/csv one.
  const pending = rows[Symbol.asyncIterator]();
  const first = await pending.next();
  const chunks = async function* toChunks() {
    let chunk = `\uFEFF${csvRecord(columns.map((column) => column.header))}`;
    for (let next = first; !next.done; next = await pending.next()) {
      const row = next.value;
      chunk += csvRecord(columns.map((column) => column.value(row)));
      if (chunk.length >= CHUNK_CHARACTERS) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk.length > 0) yield chunk;
  };
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks(), { objectMode: false }));
};
