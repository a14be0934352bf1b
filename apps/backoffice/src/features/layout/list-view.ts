import { DEFAULT_ITEMS_PER_PAGE, ITEMS_PER_PAGE_OPTIONS } from '@paygate/domain';
import { pageCountOf } from '@paygate/ui';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** The 1-based page and the page size of a list screen, as its URL holds them. */
export interface Paging {
  page: number;
  size: number;
}

/**
 * The `page` and `size` of the URL: page 1 when the page is missing or not a whole number from 1,
 * DEFAULT_ITEMS_PER_PAGE when the size is missing or not one of ITEMS_PER_PAGE_OPTIONS.
 */
export const readPaging = (params: URLSearchParams): Paging => {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    size: (ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(size)
      ? size
      : DEFAULT_ITEMS_PER_PAGE,
  };
};

/** New values of some of a view's URL parameters; null or '' removes a parameter. */
export type ListViewChange<Key extends string = string> = Partial<
  Record<Key, string | number | null>
>;

/** The URL parameters with the change applied: values set, null or '' removed, the rest kept. */
export const changedListParams = (
  current: URLSearchParams,
  change: ListViewChange,
): URLSearchParams => {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
};

/**
 * A list screen's view kept in the URL, so Back and a shared link return to it: `read` turns the
 * parameters into the view (a function outside the component), `change` sets or removes values,
 * adding a history entry or, with `replace`, replacing the current one. `change` is stable.
 */
export const useListView = <View extends object>(read: (params: URLSearchParams) => View) => {
  const [params, setParams] = useSearchParams();
  const view = read(params);
  const change = useCallback(
    (values: ListViewChange<keyof View & string>, replace = false) =>
      setParams((current) => changedListParams(current, values), { replace }),
    [setParams],
  );
  return { view, change };
};

/**
 * A page beyond the last one (a stale link, or rows gone since): shows the last page instead,
 * replacing the URL entry. `total` is the number of rows the list has, undefined while it is not
 * known (nothing loaded yet, or only an estimate). Keep `change` stable (useCallback).
 */
export const useLastPageFallback = (
  total: number | undefined,
  view: Paging,
  change: (values: { page: number }, replace: boolean) => void,
) => {
  const lastPage = pageCountOf(total ?? 0, view.size);
  const beyondLastPage = total !== undefined && total > 0 && view.page > lastPage;
  useEffect(() => {
    if (beyondLastPage) change({ page: lastPage }, true);
  }, [beyondLastPage, lastPage, change]);
};
