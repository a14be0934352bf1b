import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { joinClasses } from '../internal/class-names.ts';
import '../theme/theme.css';
import './tabs.css';

export type TabKey = string | number;

export interface TabItem<K extends TabKey> {
  /** Stable key, passed to `onSelect` and `renderPanel`. */
  key: K;
  /** Tab text; it also names the panel. */
  label: ReactNode;
}

export interface TabsProps<K extends TabKey> {
  /** Accessible name of the tab list, e.g. 'Terminals'. */
  label: string;
  items: readonly TabItem<K>[];
  /** Key of the selected tab; the parent owns the selection. */
  selectedKey: K;
  /** Called on click and on ArrowLeft/ArrowRight/Home/End (focus moves and selects). */
  onSelect: (key: K) => void;
  /** Content of the selected tab's panel; only the selected panel is rendered. */
  renderPanel: (key: K) => ReactNode;
  /** Class of the wrapper around the tab list and the panel. */
  className?: string;
  tabListClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
}

/** Index a key moves focus and selection to among `count` tabs (wrapping), or null. */
const targetIndex = (key: string, index: number, count: number): number | null => {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
};

/**
 * WAI-ARIA tabs with automatic activation: a labelled horizontal tablist whose arrow keys (wrapping),
 * Home and End move focus to a tab and select it. Only the selected tab is in the Tab order, and
 * only its panel (role="tabpanel", named by the tab, focusable) is rendered.
 */
export const Tabs = <K extends TabKey>({
  label,
  items,
  selectedKey,
  onSelect,
  renderPanel,
  className,
  tabListClassName,
  tabClassName,
  panelClassName,
}: TabsProps<K>) => {
  const baseId = useId();
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const tabIdAt = (index: number) => `${baseId}tab-${index}`;
  const panelId = `${baseId}panel`;
  const selectedIndex = items.findIndex((item) => item.key === selectedKey);
  // Keep the tab list reachable with Tab even if the selected key is not among the items.
  const tabbableIndex = Math.max(selectedIndex, 0);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const next = targetIndex(event.key, index, items.length);
    const target = next === null ? undefined : items[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.key);
    tabRefs.current.get(target.key)?.focus();
  };

  return (
    <div className={joinClasses('pg-tabs', className)}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className={joinClasses('pg-tabs__list', tabListClassName)}
      >
        {items.map((item, index) => {
          const selected = index === selectedIndex;
          return (
            <button
              key={item.key}
              ref={(node) => {
                if (node) tabRefs.current.set(item.key, node);
                else tabRefs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={tabIdAt(index)}
              aria-selected={selected}
              // Only the selected panel exists, so only its tab points at it.
              aria-controls={selected ? panelId : undefined}
              tabIndex={index === tabbableIndex ? 0 : -1}
              className={joinClasses('pg-tabs__tab pg-focusable', tabClassName)}
              onClick={() => onSelect(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {selectedIndex >= 0 && (
        <div
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabIdAt(selectedIndex)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is focusable (ARIA tabs pattern)
          tabIndex={0}
          className={joinClasses('pg-tabs__panel', panelClassName)}
        >
          {renderPanel(selectedKey)}
        </div>
      )}
    </div>
  );
};
