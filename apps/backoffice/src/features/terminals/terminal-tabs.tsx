import type { Terminal } from '@paygate/api';
import { type KeyboardEvent, useRef } from 'react';

export interface TerminalTabsProps {
  terminals: readonly Terminal[];
  selectedId: number;
  onSelect: (terminalId: number) => void;
  /** Id of a terminal's tab element. */
  tabIdOf: (terminalId: number) => string;
  /** Id of the panel the selected tab controls. */
  panelId: string;
}

/** Where a key moves the selection among `count` tabs (wrapping), or null for other keys. */
const targetIndex = (key: string, index: number, count: number): number | null => {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
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
 * One tab per terminal (SPEC §2), as an ARIA tablist: only the selected tab is in the Tab order;
 * arrow keys, Home and End move to another tab and select it.
 */
export const TerminalTabs = ({
  terminals,
  selectedId,
  onSelect,
  tabIdOf,
  panelId,
}: TerminalTabsProps) => {
  const tabs = useRef(new Map<number, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = targetIndex(event.key, index, terminals.length);
    const terminal = next === null ? undefined : terminals[next];
    if (!terminal) return;
    event.preventDefault();
    onSelect(terminal.id);
    tabs.current.get(terminal.id)?.focus();
  };

  return (
    <div role="tablist" aria-label="Terminals" className="bo-terminal-tabs">
      {terminals.map((terminal, index) => {
        const selected = terminal.id === selectedId;
        return (
          <button
            key={terminal.id}
            ref={(element) => {
              if (element) tabs.current.set(terminal.id, element);
              else tabs.current.delete(terminal.id);
            }}
            type="button"
            role="tab"
            id={tabIdOf(terminal.id)}
            aria-selected={selected}
            aria-controls={selected ? panelId : undefined}
            tabIndex={selected ? 0 : -1}
            className="bo-terminal-tab pg-focusable"
            onClick={() => onSelect(terminal.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {terminal.name}
          </button>
        );
      })}
    </div>
  );
};
