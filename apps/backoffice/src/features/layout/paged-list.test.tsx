import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListTable } from './list-table.tsx';
import { PagedList, PagedListFooter, type PagedListQuery } from './paged-list.tsx';

interface Row {
  id: number;
  name: string;
}

const query = (overrides: Partial<PagedListQuery<Row>> = {}): PagedListQuery<Row> => ({
  isError: false,
  isFetching: false,
  refetch: vi.fn(),
  ...overrides,
});

const renderList = (listQuery: PagedListQuery<Row>, view = { page: 1, size: 10 }) => {
  const onPageChange = vi.fn();
  const onSizeChange = vi.fn();
  render(
    <PagedList
      query={listQuery}
      view={view}
      loadFailed="Could not load the rows"
      loading="Loading rows"
      nothingFound="No rows here"
      onPageChange={onPageChange}
      onSizeChange={onSizeChange}
    >
      {(rows) => (
        <ul aria-label="Rows">
          {rows.map((row) => (
            <li key={row.id}>{row.name}</li>
          ))}
        </ul>
      )}
    </PagedList>,
  );
  return { onPageChange, onSizeChange };
};

describe('PagedList', () => {
  it('shows a spinner until the first page is there', () => {
    renderList(query({ isFetching: true }));
    expect(screen.getByRole('status', { name: 'Loading rows' })).toBeInTheDocument();
    expect(screen.queryByText(/Total/)).not.toBeInTheDocument();
  });

  it('says why the rows could not be loaded and tries again', async () => {
    const failed = query({
      isError: true,
      error: { status: 500, data: { detail: 'Database unavailable' } },
    });
    renderList(failed);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load the rows: Database unavailable');
    expect(screen.queryByRole('status', { name: 'Loading rows' })).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the failure, not the rows it had, once a fetch fails', () => {
    renderList(
      query({
        isError: true,
        error: { status: 503, data: { detail: 'Try later' } },
        currentData: { items: [{ id: 1, name: 'first' }], total: 1 },
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the rows: Try later');
    expect(screen.queryByText('first')).not.toBeInTheDocument();
  });

  it('says when there is nothing, with the total and the page size but no pager', () => {
    renderList(query({ currentData: { items: [], total: 0 } }));
    expect(screen.getByRole('status')).toHaveTextContent('No rows here');
    expect(screen.queryByRole('list', { name: 'Rows' })).not.toBeInTheDocument();
    expect(screen.getByText('Total: 0')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Items per page' })).toHaveValue('10');
  });

  it('shows the rows, the total and the pager; a page or a size goes to the screen', async () => {
    const rows = [
      { id: 1, name: 'first' },
      { id: 2, name: 'second' },
    ];
    const { onPageChange, onSizeChange } = renderList(
      query({ currentData: { items: rows, total: 42 } }),
      { page: 2, size: 10 },
    );
    expect(
      within(screen.getByRole('list', { name: 'Rows' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['first', 'second']);
    expect(screen.getByText('Total: 42')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pager).getByRole('button', { name: 'Page 5' })).toBeInTheDocument();
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 5' }));
    expect(onPageChange).toHaveBeenCalledWith(5);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Items per page' }), '25');
    expect(onSizeChange).toHaveBeenCalledWith(25);
  });
});

describe('PagedListFooter', () => {
  it('shows an estimated total as such', () => {
    render(
      <PagedListFooter
        total={12345}
        approximate
        view={{ page: 1, size: 10 }}
        onPageChange={vi.fn()}
        onSizeChange={vi.fn()}
      />,
    );
    expect(screen.getByText('Total: about 12345')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1235' })).toBeInTheDocument();
  });
});

describe('ListTable', () => {
  it('is named by its caption and busy while it fetches again', () => {
    const { rerender } = render(
      <ListTable caption="Users">
        <tbody>
          <tr>
            <td>aziz</td>
          </tr>
        </tbody>
      </ListTable>,
    );
    const table = screen.getByRole('table', { name: 'Users' });
    expect(table).not.toHaveAttribute('aria-busy');
    expect(within(table).getByRole('cell', { name: 'aziz' })).toBeInTheDocument();
    rerender(
      <ListTable caption="Users" busy>
        <tbody />
      </ListTable>,
    );
    expect(screen.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'true');
  });
});
