import { useGetStaffUsersQuery } from '@paygate/api';
import { userManagementReach } from '@paygate/domain';
import { Button, EmptyState, Select } from '@paygate/ui';
import { type ReactNode, useCallback, useState } from 'react';
import { readPaging, useLastPageFallback, useListView } from '../layout/list-view.ts';
import { PagedList } from '../layout/paged-list.tsx';
import { SearchForm } from '../layout/search-form.tsx';
import { useCurrentPerson } from '../session/current-person.tsx';
import { CreateUserDialog } from './create-user-dialog.tsx';
import { type IssuedPasswordLink, PasswordLinkDialog } from './password-link-dialog.tsx';
import { USER_TEXTS } from './user-display.ts';
import { UsersTable } from './users-table.tsx';
import './users.css';

export const NO_USERS_ACCESS = 'Users need the user.manage or user.manage.own permission.';

/** The server's limit on the search text. */
const USER_SEARCH_MAX_LENGTH = 100;

/** The enabled filter as the URL holds it: `status=active` or `status=deactivated`, else all. */
type StatusFilter = '' | 'active' | 'deactivated';

const STATUS_OPTIONS = [
  { value: 'active', label: USER_TEXTS.active },
  { value: 'deactivated', label: USER_TEXTS.deactivated },
];

const enabledOf = (status: StatusFilter): boolean | undefined =>
  status === '' ? undefined : status === 'active';

/** The 1-based page, page size, search and enabled filter of the list, from the URL. */
const readUsersView = (params: URLSearchParams) => {
  const status = params.get('status');
  return {
    ...readPaging(params),
    search: params.get('search')?.trim() ?? '',
    status: (status === 'active' || status === 'deactivated' ? status : '') as StatusFilter,
  };
};

const UsersHeading = ({ children }: { children?: ReactNode }) => (
  <div className="bo-users-toolbar">
    <h1 id="users-title">Users</h1>
    {children}
  </div>
);

const UsersScreen = () => {
  const { view, change } = useListView(readUsersView);
  const [createOpen, setCreateOpen] = useState(false);
  const [issued, setIssued] = useState<IssuedPasswordLink | null>(null);
  const list = useGetStaffUsersQuery({
    page: view.page - 1,
    size: view.size,
    search: view.search === '' ? undefined : view.search,
    enabled: enabledOf(view.status),
  });
  useLastPageFallback(list.currentData?.total, view, change);

  const search = useCallback(
    (text: string, typing: boolean) => change({ search: text, page: null }, typing),
    [change],
  );

  return (
    <section className="bo-users" aria-labelledby="users-title">
      <UsersHeading>
        <Button aria-haspopup="dialog" onClick={() => setCreateOpen(true)}>
          Add user
        </Button>
      </UsersHeading>
      <div className="bo-users-filters">
        <SearchForm
          label="Search users"
          className="bo-users-search"
          placeholder="Username or name"
          maxLength={USER_SEARCH_MAX_LENGTH}
          value={view.search}
          onSearch={search}
        />
        <Select
          label="Status"
          name="status"
          placeholder="All"
          options={STATUS_OPTIONS}
          value={view.status}
          onChange={(status) => change({ status, page: null })}
        />
      </div>
      <PagedList
        query={list}
        view={view}
        loadFailed="Could not load the users"
        loading="Loading users"
        nothingFound={USER_TEXTS.nothingFound}
        onPageChange={(page) => change({ page })}
        onSizeChange={(size) => change({ size, page: 1 })}
      >
        {(users) => <UsersTable users={users} busy={list.isFetching} />}
      </PagedList>
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

/**
 * Users (issue 22, decision 0019): the back-office users the caller may see (every merchant's
 * with user.manage, their own merchant's with user.manage.own), searched, filtered and paged in
 * the URL, and Add user with its one-time set-password link. Without either (user.manage.own
 * counts only for a merchant's user, as on the server) the screen says so and makes no call.
 */
export const UsersPage = () => {
  const person = useCurrentPerson();
  if (userManagementReach(person) === null) {
    return (
      <section className="bo-users" aria-labelledby="users-title">
        <UsersHeading />
        <EmptyState text={NO_USERS_ACCESS} />
      </section>
    );
  }
  return <UsersScreen />;
};
