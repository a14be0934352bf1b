import { INVOICE_SEARCH_MAX_LENGTH } from '@paygate/domain';
import { Button, TextField } from '@paygate/ui';
import { useEffect, useState } from 'react';

/** Typing pauses this long before the search applies (the 350 ms debounce of SPEC §9). */
export const INVOICE_SEARCH_DEBOUNCE_MS = 350;

export interface InvoiceSearchProps {
  /** The search in force (from the URL). */
  value: string;
  /** Applies a search; `typing` is true when it comes from the debounce, false on submit. */
  onSearch: (text: string, typing: boolean) => void;
}

/** Free-text search of the invoice list: applies on Enter or after a pause in typing. */
export const InvoiceSearch = ({ value, onSearch }: InvoiceSearchProps) => {
  const [text, setText] = useState(value);
  // Follow the URL when the search changes elsewhere (back button, an opened link).
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text, true), INVOICE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers and jsdom; the role gives the same landmark
    <form
      role="search"
      aria-label="Search transactions"
      className="bo-invoices-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text, false);
      }}
    >
      <TextField
        label="Search"
        hideLabel
        type="search"
        name="search"
        placeholder="Invoice, merchant invoice, provider invoice or customer id"
        maxLength={INVOICE_SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
};
