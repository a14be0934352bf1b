/** Every whitespace character (Unicode spaces, line and paragraph separators) plus zero-width ones. */
const WHITESPACE = /[\s\u180E\u200B-\u200D\u2060\uFEFF]/gu;

/**
 * Locale-independent case folding: lower, upper, lower again, so letters whose case pairs differ
 * in length (ß / ẞ / SS, final sigma) fold alike. Never toLocale*Case: the same text must
 * match on every machine (no Turkish dotless i surprises).
 */
const foldCase = (text: string): string =>
  text.toLowerCase().toUpperCase().toLowerCase().replace(/ς/g, 'σ');

/**
 * SPEC §5 bank and terminal searches are case-insensitive and ignore whitespace: removes every
 * whitespace character, unifies compatibility forms (NFKC: composed and decomposed letters,
 * full-width characters) and folds case.
 */
export const normaliseSearchText = (text: string): string =>
  foldCase(text.replace(WHITESPACE, '').normalize('NFKC').replace(WHITESPACE, ''))
    .normalize('NFKC')
    .replace(WHITESPACE, '');

/** SPEC §5: whether `haystack` contains `query`, ignoring case and whitespace; empty query matches. */
export const matchesSearch = (haystack: string, query: string): boolean =>
  normaliseSearchText(haystack).includes(normaliseSearchText(query));

/** SPEC §5: the items whose text matches the query, in their original order; all for an empty query. */
export const filterBySearch = <T>(
  items: readonly T[],
  query: string,
  getText: (item: T) => string,
): T[] => {
  const needle = normaliseSearchText(query);
  if (needle === '') return [...items];
  return items.filter((item) => normaliseSearchText(getText(item)).includes(needle));
};

/** SPEC §5, §8: the empty result text of the bank and terminal searches. */
export const NOTHING_FOUND_TEXT = 'Nothing found.';
