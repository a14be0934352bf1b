import { filterBySearch, NOTHING_FOUND_TEXT } from '@paygate/domain';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { EmptyState } from '../empty-state/empty-state.tsx';
import { joinClasses } from '../internal/class-names.ts';
import { Field, useFieldIds } from '../internal/field.tsx';
import { Spinner } from '../spinner/spinner.tsx';
import '../theme/theme.css';
import './searchable-list.css';

export interface SearchableListProps<T> {
  items: readonly T[];
  /** Text searched and shown for an item. */
  getLabel: (item: T) => string;
  getKey: (item: T) => string | number;
  onSelect: (item: T) => void;
  /** Key of the chosen item (aria-selected). */
  selectedKey?: string | number | null;
  /** Label of the search input, also the name of the list. */
  label: ReactNode;
  hideLabel?: boolean;
  placeholder?: string;
  /** Milliseconds between the last keystroke and filtering; 0 filters at once (the bank list uses 350). */
  debounceMs?: number;
  /** Shown when nothing matches; 'Nothing found.' unless translated. */
  emptyText?: ReactNode;
  /** Shows a spinner instead of the list while the items load. */
  loading?: boolean;
  /** Accessible name of the spinner; 'Loading' unless translated. */
  loadingLabel?: string;
  /** Content of an option; its label text by default. */
  renderItem?: (item: T) => ReactNode;
  /** Height limit of the list in CSS pixels; 280 by default. */
  maxHeight?: number;
  className?: string;
}

/**
 * Search box over a list of options (combobox + listbox). Filtering ignores case and
 * whitespace (the domain's `filterBySearch`); ArrowUp/ArrowDown/Home/End move the active
 * option, Enter or a click selects it. Enter in the search box never submits a form around it,
 * whether an option is active or not: the search box is part of a choice, not the form's
 * last field (a payout's form would otherwise be sent from the bank search).
 */
export const SearchableList = <T,>({
  items,
  getLabel,
  getKey,
  onSelect,
  selectedKey,
  label,
  hideLabel,
  placeholder,
  debounceMs = 0,
  emptyText = NOTHING_FOUND_TEXT,
  loading = false,
  loadingLabel = 'Loading',
  renderItem,
  maxHeight = 280,
  className,
}: SearchableListProps<T>) => {
  const id = useId();
  const ids = useFieldIds(undefined, undefined, undefined);
  const listId = `${id}list`;
  const [query, setQuery] = useState('');
  const [debouncedQuery, setDebouncedQuery] = useState('');
  // The active option belongs to one result list: a new query starts without one.
  const [active, setActive] = useState({ query: '', index: -1 });

  useEffect(() => {
    if (debounceMs <= 0) return;
    const timer = setTimeout(() => setDebouncedQuery(query), debounceMs);
    return () => clearTimeout(timer);
  }, [query, debounceMs]);

  const appliedQuery = debounceMs > 0 ? debouncedQuery : query;
  const matches = useMemo(
    () => filterBySearch(items, appliedQuery, getLabel),
    [items, appliedQuery, getLabel],
  );

  const optionId = (index: number) => `${id}option-${index}`;
  const activeIndex =
    active.query === appliedQuery && active.index < matches.length ? active.index : -1;

  const moveTo = (index: number) => {
    setActive({ query: appliedQuery, index });
    if (typeof document !== 'undefined') {
      document.getElementById(optionId(index))?.scrollIntoView?.({ block: 'nearest' });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Always: the implicit submission of an enclosing form is never what Enter means here.
      event.preventDefault();
      const item = loading ? undefined : matches[activeIndex];
      if (item !== undefined) onSelect(item);
      return;
    }
    if (loading || matches.length === 0) return;
    const last = matches.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveTo(activeIndex < 0 ? 0 : Math.min(activeIndex + 1, last));
        break;
      case 'ArrowUp':
        event.preventDefault();
        moveTo(activeIndex < 0 ? last : Math.max(activeIndex - 1, 0));
        break;
      case 'Home':
        event.preventDefault();
        moveTo(0);
        break;
      case 'End':
        event.preventDefault();
        moveTo(last);
        break;
      default:
    }
  };

  const showList = !loading && matches.length > 0;

  return (
    <div className={joinClasses('pg-searchable-list', className)}>
      <Field ids={ids} label={label} hideLabel={hideLabel}>
        <input
          id={ids.controlId}
          type="text"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          enterKeyHint="search"
          spellCheck={false}
          placeholder={placeholder}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          className="pg-field__control pg-focusable"
        />
      </Field>
      {loading && (
        <div className="pg-searchable-list__loading">
          <Spinner label={loadingLabel} />
        </div>
      )}
      <div
        id={listId}
        role="listbox"
        aria-labelledby={ids.labelId}
        className="pg-searchable-list__listbox"
        style={{ maxHeight }}
      >
        {showList &&
          matches.map((item, index) => {
            const key = getKey(item);
            return (
              // The keyboard works from the search box through aria-activedescendant, so the
              // options themselves take neither focus nor key events.
              // biome-ignore lint/a11y/useKeyWithClickEvents: see above
              // biome-ignore lint/a11y/useFocusableInteractive: see above
              <div
                key={key}
                id={optionId(index)}
                role="option"
                aria-selected={
                  selectedKey !== undefined && selectedKey !== null && key === selectedKey
                }
                data-active={index === activeIndex || undefined}
                onMouseMove={() =>
                  index !== activeIndex && setActive({ query: appliedQuery, index })
                }
                onClick={() => onSelect(item)}
                className="pg-searchable-list__option"
              >
                {renderItem ? renderItem(item) : getLabel(item)}
              </div>
            );
          })}
      </div>
      {!loading && matches.length === 0 && <EmptyState text={emptyText} />}
    </div>
  );
};
