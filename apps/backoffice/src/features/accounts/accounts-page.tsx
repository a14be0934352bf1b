import { useGetPeopleAccountsQuery } from '@paygate/api';
import { Button } from '@paygate/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { readPaging, useLastPageFallback, useListView } from '../layout/list-view.ts';
import { PagedList } from '../layout/paged-list.tsx';
import { useCurrentPerson } from '../session/current-person.tsx';
import { canChangeAccounts } from './account-access.ts';
import { accountPath } from './account-display.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { AccountsTable } from './accounts-table.tsx';
import { CreateAccountDialog } from './create-account-dialog.tsx';
import './accounts.css';

/** SPEC §2 Accounts list: the provider accounts, a page at a time, and account create. */
export const AccountsPage = () => {
  const person = useCurrentPerson();
  const canChange = canChangeAccounts(person);
  const navigate = useNavigate();
  const { view, change } = useListView(readPaging);
  const [createOpen, setCreateOpen] = useState(false);
  const list = useGetPeopleAccountsQuery({ page: view.page - 1, size: view.size });
  useLastPageFallback(list.currentData?.total, view, change);

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
      <PagedList
        query={list}
        view={view}
        loadFailed="Could not load the accounts"
        loading="Loading accounts"
        nothingFound={ACCOUNT_MESSAGES.nothingFound}
        onPageChange={(page) => change({ page })}
        onSizeChange={(size) => change({ size, page: 1 })}
      >
        {(accounts) => (
          <AccountsTable accounts={accounts} canToggle={canChange} busy={list.isFetching} />
        )}
      </PagedList>
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
