import { type ReactNode, useId, useState } from 'react';
import { joinClasses } from '../internal/class-names.ts';
import '../theme/theme.css';
import './collapsible.css';

export interface CollapsibleProps {
  title: ReactNode;
  /** Shown next to the title, e.g. the number of errors. */
  count?: number;
  children: ReactNode;
  /** Controlled state; leave undefined to let the section keep its own. */
  open?: boolean;
  /** Initial state when uncontrolled; collapsed by default. */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Level of the heading around the toggle button (3 by default). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Keep the content rendered while collapsed (it is rendered only while open by default). */
  keepMounted?: boolean;
  className?: string;
}

/**
 * Section with a heading button (aria-expanded, aria-controls) that shows or hides its content,
 * e.g. the Errors, Event Log, Callbacks, Support History and Transactions sections.
 */
export const Collapsible = ({
  title,
  count,
  children,
  open,
  defaultOpen = false,
  onOpenChange,
  headingLevel = 3,
  keepMounted = false,
  className,
}: CollapsibleProps) => {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const isOpen = open ?? ownOpen;
  const id = useId();
  const buttonId = `${id}toggle`;
  const contentId = `${id}content`;
  const Heading = `h${headingLevel}` as const;
  const toggle = () => {
    setOwnOpen(!isOpen);
    onOpenChange?.(!isOpen);
  };
  return (
    <div className={joinClasses('pg-collapsible', className)}>
      <Heading className="pg-collapsible__heading">
        <button
          type="button"
          id={buttonId}
          aria-expanded={isOpen}
          aria-controls={contentId}
          onClick={toggle}
          className="pg-collapsible__toggle pg-focusable"
        >
          <span>{title}</span>
          {count !== undefined && (
            <>
              {' '}
              <span className="pg-collapsible__count">{count}</span>
            </>
          )}
          <svg
            className="pg-collapsible__chevron"
            width="16"
            height="16"
            viewBox="0 0 16 16"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </Heading>
      <section
        id={contentId}
        aria-labelledby={buttonId}
        hidden={!isOpen}
        className="pg-collapsible__content"
      >
        {(isOpen || keepMounted) && children}
      </section>
    </div>
  );
};
