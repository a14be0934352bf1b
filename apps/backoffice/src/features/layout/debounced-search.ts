import { useEffect, useState } from 'react';

/** Typing pauses this long before a search applies (the 350 ms debounce of SPEC §9). */
export const SEARCH_DEBOUNCE_MS = 350;

/**
 * The text of a search box over the search in force (`value`, from the URL). The text applies,
 * trimmed, after a pause in typing (`typing` true, so the caller can replace the URL entry and
 * Back does not step through every letter) or at once through `apply` (Enter, a submit), with
 * `typing` false. The text follows `value` when the search changes elsewhere (Back, an opened
 * link, Clear filters). Keep `onSearch` stable (useCallback): the pause restarts when it changes.
 */
export const useDebouncedSearch = (
  value: string,
  onSearch: (text: string, typing: boolean) => void,
) => {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim(), true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return { text, setText, apply: () => onSearch(text.trim(), false) };
};
