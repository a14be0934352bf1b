import { Button, TextField } from '@paygate/ui';
import { useEffect, useState } from 'react';

/** Typing pauses this long before the search applies (as the invoice search, SPEC §9). */
export const USER_SEARCH_DEBOUNCE_MS = 350;
/** The server's limit on the search text. */
export const USER_SEARCH_MAX_LENGTH = 100;

export interface UserSearchProps {
  /** The search in force (from the URL). */
  value: string;
  /** Applies a search; `typing` is true when it comes from the debounce, false on submit. */
  onSearch: (text: string, typing: boolean) => void;
}

/** Search by username or name: applies on Enter or after a pause in typing. */
export const UserSearch = ({ value, onSearch }: UserSearchProps) => {
  const [text, setText] = useState(value);
  // Follow the URL when the search changes elsewhere (back button, an opened link).
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim(), true), USER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers and jsdom; the role gives the same landmark
    <form
      role="search"
      aria-label="Search users"
      className="bo-users-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim(), false);
      }}
    >
      <TextField
        label="Search"
        hideLabel
        type="search"
        name="search"
        placeholder="Username or name"
        maxLength={USER_SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
};
