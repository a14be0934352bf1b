import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import type { MonitoredMerchant } from './use-monitored-merchants.ts';

export interface MerchantTabsProps {
  merchants: readonly MonitoredMerchant[];
  activeKey: string;
  onActivate: (key: string) => void;
  /** The active merchant's panel. */
  children: ReactNode;
}

/**
 * One tab per merchant (WAI-ARIA tabs): arrow keys, Home and End move between the tabs and
 * activate them; only the active tab is in the tab order.
 */
export const MerchantTabs = ({ merchants, activeKey, onActivate, children }: MerchantTabsProps) => {
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (key: string) => `${baseId}tab-${key}`;
  const panelId = `${baseId}panel`;

  const moveTo = (index: number) => {
    const target = merchants[(index + merchants.length) % merchants.length];
    if (!target) return;
    onActivate(target.key);
    tabRefs.current.get(target.key)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: merchants.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    moveTo(next);
  };

  return (
    <div className="bo-monitoring__tabs">
      <div role="tablist" aria-label="Merchants" className="bo-monitoring__tablist">
        {merchants.map((merchant, index) => {
          const selected = merchant.key === activeKey;
          return (
            <button
              key={merchant.key}
              ref={(node) => {
                if (node) tabRefs.current.set(merchant.key, node);
                else tabRefs.current.delete(merchant.key);
              }}
              type="button"
              role="tab"
              id={tabId(merchant.key)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              className="bo-monitoring__tab pg-focusable"
              onClick={() => onActivate(merchant.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {merchant.name}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(activeKey)}
        className="bo-monitoring__panel"
      >
        {children}
      </div>
    </div>
  );
};
