import { errorMessageOf, useGetStaffUsersQuery } from '@paygate/api';
import {
  DEFAULT_ITEMS_PER_PAGE,
  ITEMS_PER_PAGE_OPTIONS,
  userManagementReach,
} from '@paygate/domain';
import {
  Button,
  EmptyState,
  Pager,
  PageSizeSelect,
  pageCountOf,
  Select,
  Spinner,
} from '@paygate/ui';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentPerson } from '../session/current-person.tsx';
import { CreateUserDialog } from './create-user-dialog.tsx';
import { type IssuedPasswordLink, PasswordLinkDialog } from './password-link-dialog.tsx';
import { USER_TEXTS } from './user-display.ts';
import { UserSearch } from './user-search.tsx';
import { UsersTable } from './users-table.tsx';
import './users.css';

/** The enabled filter as the URL holds it: `status=active` or `status=deactivated`, else all. */
type StatusFilter = '' | 'active' | 'deactivated';

const STATUS_OPTIONS = [
  { value: 'active', label: USER_TEXTS.active },
  { value: 'deactivated', label: USER_TEXTS.deactivated },
];

const enabledOf = (status: StatusFilter): boolean | undefined =>
  status === '' ? undefined : status === 'active';

/** The 1-based page, page size, search and enabled filter of the list, from the URL. */
const readListView = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const status = params.get('status');
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    size: (ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(size)
      ? size
      : DEFAULT_ITEMS_PER_PAGE,
    search: params.get('search')?.trim() ?? '',
    status: (status === 'active' || status === 'deactivated' ? status : '') as StatusFilter,
  };
};

type ViewChange = Partial<Record<'page' | 'size' | 'search' | 'status', string | number | null>>;

/** The list's view in the URL (so Back returns to it); null or '' removes a value. */
const useListView = () => {
  const [params, setParams] = useSearchParams();
  const view = readListView(params);
  const change = useCallback(
    (values: ViewChange, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(values)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return { view, change };
};

/**
 * Users (issue 22, decision 0019): the back-office users the caller may see (every merchant's
 * with user.manage, their own merchant's with user.manage.own), searched, filtered and paged in
 * the URL, and Add user with its one-time set-password link.
 */
export const UsersPage = () => {
  const person = useCurrentPerson();
  const canAdd = userManagementReach(person) !== null;
  const { view, change } = useListView();
  const [createOpen, setCreateOpen] = useState(false);
  const [issued, setIssued] = useState<IssuedPasswordLink | null>(null);
  const list = useGetStaffUsersQuery({
    page: view.page - 1,
    size: view.size,
    search: view.search === '' ? undefined : view.search,
    enabled: enabledOf(view.status),
  });
  const page = list.currentData;

  // A page beyond the last one (a stale link, or rows gone since): show the last page instead.
  const lastPage = pageCountOf(page?.total ?? 0, view.size);
  const beyondLastPage = page !== undefined && page.total > 0 && view.page > lastPage;
  useEffect(() => {
    if (beyondLastPage) change({ page: lastPage }, true);
  }, [beyondLastPage, lastPage, change]);

  const search = useCallback(
    (text: string, typing: boolean) => change({ search: text, page: null }, typing),
    [change],
  );

  let results: ReactNode;
  if (list.isError) {
    results = (
      <div className="bo-users-state" role="alert">
        <p>Could not load the users: {errorMessageOf(list.error)}</p>
        <Button variant="secondary" busy={list.isFetching} onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!page) {
    results = (
      <div className="bo-users-state">
        <Spinner label="Loading users" />
      </div>
    );
  } else {
    results = (
      <>
        {page.items.length === 0 ? (
          <EmptyState text={USER_TEXTS.nothingFound} />
        ) : (
          <UsersTable users={page.items} busy={list.isFetching} />
        )}
        <div className="bo-users-paging">
          <p className="bo-users-total">Total: {page.total}</p>
          {page.total > 0 ? (
            <Pager
              page={view.page}
              pageCount={lastPage}
              onPageChange={(target) => change({ page: target })}
            />
          ) : null}
          <PageSizeSelect value={view.size} onChange={(size) => change({ size, page: 1 })} />
        </div>
      </>
    );
  }

  return (
    <section className="bo-users" aria-labelledby="users-title">
      <div className="bo-users-toolbar">
        <h1 id="users-title">Users</h1>
        {canAdd ? (
          <Button aria-haspopup="dialog" onClick={() => setCreateOpen(true)}>
            Add user
          </Button>
        ) : null}
      </div>
      <div className="bo-users-filters">
        <UserSearch value={view.search} onSearch={search} />
        <Select
          label="Status"
          name="status"
          placeholder="All"
          options={STATUS_OPTIONS}
          value={view.status}
          onChange={(status) => change({ status, page: null })}
        />
      </div>
      {results}
      {createOpen ? (
        <CreateUserDialog
          onClose={() => setCreateOpen(false)}
          onCreated={({ user, passwordLink }) => {
            setCreateOpen(false);
            setIssued({ username: user.username, link: passwordLink });
          }}
        />
      ) : null}
      <PasswordLinkDialog issued={issued} onClose={() => setIssued(null)} />
    </section>
  );
};
