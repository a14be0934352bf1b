import { errorMessageOf, useGetPeopleAccountsQuery } from '@paygate/api';
import { DEFAULT_ITEMS_PER_PAGE, ITEMS_PER_PAGE_OPTIONS } from '@paygate/domain';
import { Button, EmptyState, Pager, PageSizeSelect, pageCountOf, Spinner } from '@paygate/ui';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCurrentPerson } from '../session/current-person.tsx';
import { canChangeAccounts } from './account-access.ts';
import { accountPath } from './account-display.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { AccountsTable } from './accounts-table.tsx';
import { CreateAccountDialog } from './create-account-dialog.tsx';
import './accounts.css';

/** The 1-based page and the page size of the list, from the URL (so Back returns to them). */
const readListView = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    size: (ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(size)
      ? size
      : DEFAULT_ITEMS_PER_PAGE,
  };
};

const useListView = () => {
  const [params, setParams] = useSearchParams();
  const view = readListView(params);
  const change = useCallback(
    (values: { page?: number; size?: number }, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(values)) next.set(key, String(value));
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return { view, change };
};

/** SPEC §2 Accounts list: the provider accounts, a page at a time, and account create. */
export const AccountsPage = () => {
  const person = useCurrentPerson();
  const canChange = canChangeAccounts(person);
  const navigate = useNavigate();
  const { view, change } = useListView();
  const [createOpen, setCreateOpen] = useState(false);
  const list = useGetPeopleAccountsQuery({ page: view.page - 1, size: view.size });
  const page = list.currentData;

  // A page beyond the last one (a stale link, or rows gone since): show the last page instead.
  const lastPage = pageCountOf(page?.total ?? 0, view.size);
  const beyondLastPage = page !== undefined && page.total > 0 && view.page > lastPage;
  useEffect(() => {
    if (beyondLastPage) change({ page: lastPage }, true);
  }, [beyondLastPage, lastPage, change]);

  let results: ReactNode;
  if (list.isError) {
    results = (
      <div className="bo-accounts-state" role="alert">
        <p>Could not load the accounts: {errorMessageOf(list.error)}</p>
        <Button variant="secondary" busy={list.isFetching} onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!page) {
    results = (
      <div className="bo-accounts-state">
        <Spinner label="Loading accounts" />
      </div>
    );
  } else {
    results = (
      <>
        {page.items.length === 0 ? (
          <EmptyState text={ACCOUNT_MESSAGES.nothingFound} />
        ) : (
          <AccountsTable accounts={page.items} canToggle={canChange} busy={list.isFetching} />
        )}
        <div className="bo-accounts-paging">
          <p className="bo-accounts-total">Total: {page.total}</p>
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
    <section className="bo-accounts" aria-labelledby="accounts-title">
      <div className="bo-accounts-toolbar">
        <h1 id="accounts-title">Accounts</h1>
        {canChange ? (
          <Button aria-haspopup="dialog" onClick={() => setCreateOpen(true)}>
            Create account
          </Button>
        ) : null}
      </div>
      {results}
      {canChange ? (
        <CreateAccountDialog
          open={createOpen}
          onClose={() => setCreateOpen(false)}
          onCreated={(account) => {
            setCreateOpen(false);
            navigate(accountPath(account.id));
          }}
        />
      ) : null}
    </section>
  );
};
