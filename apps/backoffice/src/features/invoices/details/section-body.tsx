import { errorMessageOf } from '@paygate/api';
import { Button, EmptyState, Spinner } from '@paygate/ui';
import type { ReactNode } from 'react';

/** What a section needs of an RTK Query hook result. */
export interface SectionQuery<T> {
  data?: T[] | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/**
 * The body of a history section: a spinner while loading, an error with a retry button, the
 * empty text, or a table of the rows.
 */
export const SectionBody = <T,>({
  label,
  query,
  emptyText,
  columns,
  rowKey,
}: {
  /** Lower-case name of what is listed, e.g. 'errors'. */
  label: string;
  query: SectionQuery<T>;
  emptyText: string;
  columns: readonly Column<T>[];
  rowKey: (row: T, index: number) => string | number;
}) => {
  if (query.isLoading) return <Spinner label={`Loading ${label}`} />;
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="bo-section-error">
        <p>
          Could not load the {label}: {errorMessageOf(query.error)}
        </p>
        <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const rows = query.data ?? [];
  if (rows.length === 0) return <EmptyState text={emptyText} />;
  return (
    // Focusable and named, so keyboard users can scroll a wide table sideways on a phone.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
    <section className="bo-table-wrap" tabIndex={0} aria-label={label}>
      <table className="bo-table" aria-busy={query.isFetching || undefined}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <td key={column.header}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
};
