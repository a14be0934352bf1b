import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { changedListParams, readPaging, useLastPageFallback, useListView } from './list-view.ts';

const pagingOf = (search: string) => readPaging(new URLSearchParams(search));

describe('readPaging', () => {
  it('reads the 1-based page and the page size', () => {
    expect(pagingOf('page=4&size=40')).toEqual({ page: 4, size: 40 });
    expect(pagingOf('size=5&page=1&search=x')).toEqual({ page: 1, size: 5 });
  });

  it('falls back to page 1 and 10 a page when they are missing or not allowed', () => {
    expect(pagingOf('')).toEqual({ page: 1, size: 10 });
    expect(pagingOf('page=0&size=500')).toEqual({ page: 1, size: 10 });
    expect(pagingOf('page=-2&size=7')).toEqual({ page: 1, size: 10 });
    expect(pagingOf('page=1.5&size=abc')).toEqual({ page: 1, size: 10 });
    expect(pagingOf('page=two')).toEqual({ page: 1, size: 10 });
  });
});

describe('changedListParams', () => {
  it('sets, replaces and removes values and keeps the others in their order', () => {
    const current = new URLSearchParams('page=3&search=ops&size=25');
    expect(changedListParams(current, { search: null, status: 'active', page: 1 }).toString()).toBe(
      'page=1&size=25&status=active',
    );
    expect(changedListParams(current, { page: '', size: 40 }).toString()).toBe(
      'search=ops&size=40',
    );
    expect(changedListParams(current, { missing: null }).toString()).toBe(current.toString());
  });

  it('leaves the given parameters alone', () => {
    const current = new URLSearchParams('page=3');
    changedListParams(current, { page: null });
    expect(current.toString()).toBe('page=3');
  });
});

const readView = (params: URLSearchParams) => ({
  ...readPaging(params),
  search: params.get('search') ?? '',
});

/** A list screen in miniature: its view as text, buttons that change it, rows of a fixed total. */
const ListScreen = ({ total }: { total?: number }) => {
  const { view, change } = useListView(readView);
  useLastPageFallback(total, view, change);
  return (
    <>
      <p>
        page {view.page}, size {view.size}, search “{view.search}”
      </p>
      <button type="button" onClick={() => change({ page: 2 })}>
        Page 2
      </button>
      <button type="button" onClick={() => change({ search: 'ops', page: null }, true)}>
        Search ops
      </button>
      <button type="button" onClick={() => change({ search: '' })}>
        Clear search
      </button>
    </>
  );
};

const renderList = (url: string, total?: number) => {
  const router = createMemoryRouter([{ path: '/list', element: <ListScreen total={total} /> }], {
    initialEntries: ['/start', url],
    initialIndex: 1,
  });
  render(<RouterProvider router={router} />);
  return router;
};

describe('useListView', () => {
  it('reads the view from the URL', () => {
    renderList('/list?page=3&size=25&search=aziz');
    expect(screen.getByText('page 3, size 25, search “aziz”')).toBeInTheDocument();
  });

  it('changes the URL: a new history entry, or the same one with replace', async () => {
    const router = renderList('/list?search=x');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=x&page=2'));
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.getByText('page 2, size 10, search “x”')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Search ops' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=ops'));
    expect(router.state.historyAction).toBe('REPLACE');

    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Back steps over the replaced entry to the one before the page change.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?search=ops'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?search=x'));
  });
});

describe('useLastPageFallback', () => {
  it('shows the last page instead of one beyond it, replacing the URL entry', async () => {
    const router = renderList('/list?page=9&search=a', 25);
    await waitFor(() => expect(router.state.location.search).toBe('?page=3&search=a'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('page 3, size 10, search “a”')).toBeInTheDocument();
  });

  it('follows the page size', async () => {
    const router = renderList('/list?page=3&size=25', 30);
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&size=25'));
  });

  it.each([
    ['the total is unknown', undefined, '?page=9'],
    ['there are no rows', 0, '?page=9'],
    ['the page is the last one', 21, '?page=3'],
  ])('keeps the page when %s', async (_case, total, search) => {
    const router = renderList(`/list${search}`, total);
    await act(() => Promise.resolve());
    expect(router.state.location.search).toBe(search);
    expect(router.state.historyAction).toBe('POP');
  });
});
