import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField } from './csv-download.ts';

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
