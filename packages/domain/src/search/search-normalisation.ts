/**
 * SPEC §5: bank and terminal searches are case-insensitive and ignore whitespace. Text is
 * compared after removing every whitespace character (Unicode spaces included) and lower-casing
 * without locale rules, so "Sber Bank" matches "sberbank" on any machine.
 */
export const normaliseSearchText = (text: string): string =>
  text.replace(/[\s\u200B-\u200D\u2060\uFEFF]/gu, '').toLowerCase();

/** True when `haystack` contains `query` under the normalisation; an empty query matches all. */
export const matchesSearch = (haystack: string, query: string): boolean =>
  normaliseSearchText(haystack).includes(normaliseSearchText(query));

/** The items whose text matches the query, in their original order. */
export const filterBySearch = <T>(
  items: readonly T[],
  query: string,
  textOf: (item: T) => string,
): T[] => {
  const needle = normaliseSearchText(query);
  if (needle === '') return [...items];
  return items.filter((item) => normaliseSearchText(textOf(item)).includes(needle));
};

/** The empty result text of back-office searches (SPEC §5, §8). */
export const NOTHING_FOUND_TEXT = 'Nothing found.';
