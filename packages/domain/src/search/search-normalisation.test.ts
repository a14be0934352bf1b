import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  filterBySearch,
  matchesSearch,
  NOTHING_FOUND_TEXT,
  normaliseSearchText,
} from './search-normalisation.ts';

// Whitespace a user or an API may produce: ASCII, no-break, em, thin, ideographic, line and
// paragraph separators, narrow no-break, zero-width space, byte order mark.
const WHITESPACE = [
  ' ',
  '\t',
  '\n',
  '\r',
  '\v',
  '\f',
  '\u00A0',
  '\u1680',
  '\u2003',
  '\u2009',
  '\u2028',
  '\u2029',
  '\u202F',
  '\u205F',
  '\u3000',
  '\u200B',
  '\uFEFF',
];

const insertAt = (text: string, insertions: readonly [number, string][]): string => {
  let result = text;
  for (const [position, piece] of insertions) {
    const at = position % (result.length + 1);
    result = `${result.slice(0, at)}${piece}${result.slice(at)}`;
  }
  return result;
};

describe('normaliseSearchText', () => {
  it.each(WHITESPACE.map((space) => [JSON.stringify(space), space]))('removes %s', (_, space) => {
    expect(normaliseSearchText(`Sber${space}Bank${space}`)).toBe('sberbank');
  });

  it('lower-cases Latin and Cyrillic and keeps other characters', () => {
    expect(normaliseSearchText(' Sber\u00A0Bank\t\n ')).toBe('sberbank');
    expect(normaliseSearchText('T-Bank\u2003Online')).toBe('t-bankonline');
    expect(normaliseSearchText('Тинькофф Банк')).toBe('тинькоффбанк');
  });

  it('folds case without locale rules', () => {
    expect(normaliseSearchText('ISTANBUL')).toBe('istanbul');
    expect(normaliseSearchText('Straße')).toBe(normaliseSearchText('STRASSE'));
    expect(normaliseSearchText('ẞ')).toBe(normaliseSearchText('ss'));
    expect(normaliseSearchText('ΟΔΟΣ')).toBe(normaliseSearchText('οδοσ'));
  });

  it('unifies composed, decomposed and full-width forms', () => {
    expect(normaliseSearchText('Банк Й')).toBe(normaliseSearchText('банк и\u0306'));
    expect(normaliseSearchText('Ｓｂｅｒ')).toBe('sber');
  });
});

describe('matchesSearch', () => {
  it('matches case-insensitively and ignoring whitespace', () => {
    expect(matchesSearch('Sberbank', 'sber bank')).toBe(true);
    expect(matchesSearch('Sber Bank', 'SBERBANK')).toBe(true);
    expect(matchesSearch('Тинькофф Банк', 'ТИНЬКОФФБАНК')).toBe(true);
    expect(matchesSearch('Terminal 12 UZS', 'l12u')).toBe(true);
  });

  it('refuses text that is not there', () => {
    expect(matchesSearch('Alfa', 'beta')).toBe(false);
    expect(matchesSearch('Sber', 'sberbank')).toBe(false);
    expect(matchesSearch('Sber-bank', 'sberbank')).toBe(false);
  });

  it('matches everything with an empty or blank query', () => {
    expect(matchesSearch('anything', '')).toBe(true);
    expect(matchesSearch('anything', '   ')).toBe(true);
    expect(matchesSearch('', '\u00A0\t')).toBe(true);
  });

  it('says "Nothing found." for an empty result', () => {
    expect(NOTHING_FOUND_TEXT).toBe('Nothing found.');
  });
});

describe('filterBySearch', () => {
  const banks = [{ value: 'Sber Bank' }, { value: 'Alfa' }, { value: 'SBERBANK Online' }];
  const value = (bank: { value: string }) => bank.value;

  it('keeps the matching items in their original order', () => {
    expect(filterBySearch(banks, 'sberbank', value)).toEqual([
      { value: 'Sber Bank' },
      { value: 'SBERBANK Online' },
    ]);
    expect(filterBySearch(banks, 'nothing', value)).toEqual([]);
  });

  it('returns every item, as a new list, for an empty query', () => {
    const all = filterBySearch(banks, ' ', value);
    expect(all).toEqual(banks);
    expect(all).not.toBe(banks);
  });
});

describe('search properties', () => {
  // Full Unicode, not only ASCII: case folding and whitespace rules must hold for any text.
  const anyText = fc.string({ unit: 'binary', maxLength: 12 });
  const insertions = fc.array(fc.tuple(fc.nat(), fc.constantFrom(...WHITESPACE)), {
    maxLength: 6,
  });

  it('is invariant under whitespace added anywhere in the query or the text', () => {
    fc.assert(
      fc.property(anyText, anyText, insertions, insertions, (haystack, query, inQuery, inText) => {
        const expected = matchesSearch(haystack, query);
        expect(matchesSearch(haystack, insertAt(query, inQuery))).toBe(expected);
        expect(matchesSearch(insertAt(haystack, inText), query)).toBe(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it('is invariant under changing the case of the query', () => {
    fc.assert(
      fc.property(anyText, anyText, (haystack, query) => {
        const expected = matchesSearch(haystack, query);
        expect(matchesSearch(haystack, query.toUpperCase())).toBe(expected);
        expect(matchesSearch(haystack, query.toLowerCase())).toBe(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it('normalises to a fixed point with no whitespace left', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const normalised = normaliseSearchText(text);
        expect(normaliseSearchText(normalised)).toBe(normalised);
        expect(normalised).not.toMatch(/\s/u);
      }),
      { numRuns: 2_000 },
    );
  });

  it('finds any part of a text, typed in any case and spacing', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), fc.nat(), insertions, (text, a, b, spaces) => {
        const start = Math.min(a, b) % (text.length + 1);
        const end = Math.max(start, Math.max(a, b) % (text.length + 1));
        const part = text.slice(start, end);
        expect(matchesSearch(text, insertAt(part.toUpperCase(), spaces))).toBe(true);
        expect(filterBySearch([text], part, (item) => item)).toEqual([text]);
      }),
    );
  });

  it('an empty or blank query matches every text', () => {
    fc.assert(
      fc.property(anyText, fc.array(fc.constantFrom(...WHITESPACE)), (text, blanks) => {
        expect(matchesSearch(text, blanks.join(''))).toBe(true);
      }),
    );
  });
});
