import { Button, TextField } from '@paygate/ui';
import { useDebouncedSearch } from './debounced-search.ts';
import './search-form.css';

export interface SearchFormProps {
  /** The landmark's name, e.g. "Search users". */
  label: string;
  placeholder: string;
  maxLength: number;
  /** The search in force (from the URL). */
  value: string;
  /**
   * Applies a search, trimmed; `typing` is true when it comes from the pause in typing, false on
   * submit. Keep it stable (useCallback).
   */
  onSearch: (text: string, typing: boolean) => void;
  /** The screen's own class, for the width the box takes in its toolbar. */
  className?: string;
}

/** A list's free-text search: a search landmark that applies on Enter or after a pause in typing. */
export const SearchForm = ({
  label,
  placeholder,
  maxLength,
  value,
  onSearch,
  className,
}: SearchFormProps) => {
  const search = useDebouncedSearch(value, onSearch);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers and jsdom; the role gives the same landmark
    <form
      role="search"
      aria-label={label}
      className={className ? `bo-search-form ${className}` : 'bo-search-form'}
      onSubmit={(event) => {
        event.preventDefault();
        search.apply();
      }}
    >
      <TextField
        label="Search"
        hideLabel
        type="search"
        name="search"
        placeholder={placeholder}
        maxLength={maxLength}
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
};
