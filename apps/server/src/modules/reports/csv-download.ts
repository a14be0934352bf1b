import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null;
}

/**
 * Streams rows as an RFC 4180 CSV attachment (UTF-8 with a byte-order mark so spreadsheet
 * programs read Cyrillic and Uzbek names right). Rows come from an async source page by page,
 * so a large export never sits in memory whole.
 */
export const sendCsv = <Row>(
  reply: FastifyReply,
  fileName: string,
  columns: ReadonlyArray<CsvColumn<Row>>,
  rows: AsyncIterable<Row>,
) => {
  const records = Readable.from(
    (async function* toRecords() {
      for await (const row of rows) yield columns.map((column) => column.value(row));
    })(),
  );
  const csv = stringify({
    header: true,
    columns: columns.map((column) => column.header),
    bom: true,
    record_delimiter: 'windows',
  });
  records.on('error', (error) => csv.destroy(error));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(records.pipe(csv));
};
