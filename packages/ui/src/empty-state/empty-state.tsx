import type { ReactNode } from 'react';
import { joinClasses } from '../internal/class-names.ts';

export interface EmptyStateProps {
  /** E.g. 'Nothing found', 'No errors', 'No transactions'. */
  text: ReactNode;
  /** Decorative drawing above the text (hidden from assistive technology). */
  icon?: ReactNode;
  /** E.g. a button to reset the filters; rendered outside the status region. */
  action?: ReactNode;
  className?: string;
}

/** Message shown instead of an empty list, announced politely (role="status"). */
export const EmptyState = ({ text, icon, action, className }: EmptyStateProps) => (
  <div
    className={joinClasses('pg-empty-state', className)}
    style={{
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      gap: 8,
      padding: '24px 16px',
      color: 'var(--pg-color-muted, #57606a)',
      fontFamily: 'var(--pg-font, inherit)',
      textAlign: 'center',
    }}
  >
    {icon && <span aria-hidden="true">{icon}</span>}
    <p role="status" style={{ margin: 0 }}>
      {text}
    </p>
    {action}
  </div>
);
