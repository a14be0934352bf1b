import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';

/**
 * A downloaded CSV file (UTF-8 with a byte-order mark, a header row) as its header and its rows
 * keyed by column name. Parsed by a real CSV parser, so quoted commas and line breaks in values
 * read as the spreadsheet a user opens would read them.
 */
export const readCsvFile = async (path: string) => {
  const records: string[][] = parse((await readFile(path, 'utf8')).replace(/^\uFEFF/, ''));
  const header = records[0] ?? [];
  const rows = records
    .slice(1)
    .map((values) => Object.fromEntries(header.map((name, index) => [name, values[index] ?? ''])));
  return { header, rows };
};
