import { useGetPeopleAccountsQuery } from '@paygate/api';
import { hasPermission } from '@paygate/domain';
import { Button, EmptyState } from '@paygate/ui';
import { type ReactNode, useState } from 'react';
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

export const NO_ACCOUNTS_ACCESS = 'Accounts need the people.account permission.';

const AccountsHeading = ({ children }: { children?: ReactNode }) => (
  <div className="bo-accounts-toolbar">
    <h1 id="accounts-title">Accounts</h1>
    {children}
  </div>
);

const AccountsScreen = () => {
  const person = useCurrentPerson();
  const canChange = canChangeAccounts(person);
  const navigate = useNavigate();
  const { view, change } = useListView(readPaging);
  const [createOpen, setCreateOpen] = useState(false);
  const list = useGetPeopleAccountsQuery({ page: view.page - 1, size: view.size });
  useLastPageFallback(list.currentData?.total, view, change);

  return (
    <section className="bo-accounts" aria-labelledby="accounts-title">
      <AccountsHeading>
        {canChange ? (
          <Button aria-haspopup="dialog" onClick={() => setCreateOpen(true)}>
            Create account
          </Button>
        ) : null}
      </AccountsHeading>
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

/**
 * SPEC §2 Accounts list: the provider accounts, a page at a time, and account create. Without
 * people.account (the navigation's rule, and the server's) the screen says so and makes no call.
 */
export const AccountsPage = () => {
  const person = useCurrentPerson();
  if (!hasPermission(person, 'people.account')) {
    return (
      <section className="bo-accounts" aria-labelledby="accounts-title">
        <AccountsHeading />
        <EmptyState text={NO_ACCOUNTS_ACCESS} />
      </section>
    );
  }
  return <AccountsScreen />;
};
