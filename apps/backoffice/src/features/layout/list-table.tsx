import type { ReactNode } from 'react';
import './list-table.css';

/**
 * The table of a list screen in its white box, scrolling sideways on a narrow screen: named by a
 * hidden caption, dimmed (aria-busy) while it fetches again. Its rows take the class
 * `bo-list-table__row` when a click on them opens the row's page (layout/row-link.ts).
 */
export const ListTable = ({
  caption,
  busy,
  children,
}: {
  caption: string;
  busy?: boolean | undefined;
  /** The table's head and body. */
  children: ReactNode;
}) => (
  <div className="bo-list-table__scroll">
    <table className="bo-list-table" aria-busy={busy || undefined}>
      <caption className="bo-visually-hidden">{caption}</caption>
      {children}
    </table>
  </div>
);
