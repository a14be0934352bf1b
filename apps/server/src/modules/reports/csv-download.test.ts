import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { csvField, sendCsvText } from './csv-download.ts';

describe('csvField', () => {
  it('quotes only fields with a comma, quote or line break, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('writes null as empty, numbers as text and booleans as 1 or empty', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(150.5)).toBe('150.5');
    expect(csvField(true)).toBe('1');
    expect(csvField(false)).toBe('');
  });
});

describe('csvField against a real CSV parser', () => {
  it('round-trips any text, quotes, commas and line breaks included, through csv-parse', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 6 }), {
          minLength: 1,
          maxLength: 8,
        }),
        (records) => {
          const width = records[0]?.length ?? 1;
          const rectangular = records.map((record) =>
            Array.from({ length: width }, (_, index) => record[index] ?? ''),
          );
          const text = rectangular
            .map((record) => `${record.map(csvField).join(',')}\r\n`)
            .join('');
          expect(parse(text, { relax_column_count: false })).toEqual(rectangular);
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
});
