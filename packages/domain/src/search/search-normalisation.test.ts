import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterBySearch, matchesSearch, normaliseSearchText } from './search-normalisation.ts';

describe('search normalisation', () => {
  it('ignores case and every kind of whitespace', () => {
    expect(normaliseSearchText(' Sber\u00A0Bank\t\n ')).toBe('sberbank');
    expect(normaliseSearchText('T-Bank\u2003Online')).toBe('t-bankonline');
    expect(matchesSearch('Sberbank', 'sber bank')).toBe(true);
    expect(matchesSearch('Тинькофф Банк', 'ТИНЬКОФФБАНК')).toBe(true);
    expect(matchesSearch('Alfa', 'beta')).toBe(false);
  });

  it('matches everything with an empty query', () => {
    expect(matchesSearch('anything', '')).toBe(true);
    expect(matchesSearch('anything', '   ')).toBe(true);
  });

  it('filters items in their original order', () => {
    const banks = [{ value: 'Sber Bank' }, { value: 'Alfa' }, { value: 'SBERBANK Online' }];
    expect(filterBySearch(banks, 'sberbank', (bank) => bank.value)).toEqual([
      { value: 'Sber Bank' },
      { value: 'SBERBANK Online' },
    ]);
    expect(filterBySearch(banks, '', (bank) => bank.value)).toEqual(banks);
    expect(filterBySearch(banks, 'nothing', (bank) => bank.value)).toEqual([]);
  });

  it('is invariant under added whitespace and case changes of the query', () => {
    const whitespace = fc.constantFrom(' ', '\t', '\n', '\u00A0', '\u2003');
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.array(fc.tuple(fc.nat(), whitespace), { maxLength: 5 }),
        (haystack, query, insertions) => {
          let spaced = query;
          for (const [position, space] of insertions) {
            const at = position % (spaced.length + 1);
            spaced = `${spaced.slice(0, at)}${space}${spaced.slice(at)}`;
          }
          expect(matchesSearch(haystack, spaced)).toBe(matchesSearch(haystack, query));
          expect(matchesSearch(haystack, query.toUpperCase())).toBe(
            matchesSearch(haystack, query.toUpperCase().toLowerCase()),
          );
        },
      ),
    );
  });

  it('finds any substring of the text regardless of its case', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), fc.nat(), (text, a, b) => {
        const start = Math.min(a, b) % (text.length + 1);
        const end = Math.max(a, b) % (text.length + 1);
        const part = text.slice(Math.min(start, end), Math.max(start, end));
        expect(matchesSearch(text, part.toLowerCase())).toBe(true);
      }),
    );
  });
});
