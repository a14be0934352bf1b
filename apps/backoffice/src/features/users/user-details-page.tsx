import { errorMessageOf, httpStatusOf, type StaffUser, useGetStaffUserQuery } from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';
import { Button } from '@paygate/ui';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BackButton } from '../layout/back-button.tsx';
import { Loading } from '../layout/load-state.tsx';
import { useCurrentPerson } from '../session/current-person.tsx';
import { UserActionsSection } from './user-actions-section.tsx';
import {
  fullName,
  lastSignInText,
  merchantText,
  twoFactorText,
  USER_TEXTS,
  userIdFromRoute,
} from './user-display.ts';
import { UserNamesSection, UserRolesSection } from './user-edit-sections.tsx';
import { UserStatus } from './users-table.tsx';
import './users.css';

const TITLE_ID = 'user-title';

/** Back one step, or to the list when the details were the first screen opened. */
const UserBackButton = () => <BackButton fallback="/users" />;

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

const UserDetails = ({ user }: { user: StaffUser }) => {
  const person = useCurrentPerson();
  const isSelf = user.id === person.id;
  return (
    <article className="bo-user-details" aria-labelledby={TITLE_ID}>
      <div className="bo-user-header">
        <UserBackButton />
        <h1 id={TITLE_ID}>{user.username}</h1>
        <UserStatus user={user} />
      </div>
      <dl className="bo-user-fields">
        <Field label="Username">{user.username}</Field>
        <Field label="Name">{fullName(user)}</Field>
        <Field label="Merchant">{merchantText(user)}</Field>
        <Field label="Roles">{user.roles.join(', ') || '-'}</Field>
        <Field label="Status">{user.enabled ? USER_TEXTS.active : USER_TEXTS.deactivated}</Field>
        <Field label="Password">{user.hasPassword ? 'Set' : USER_TEXTS.noPassword}</Field>
        <Field label="Two-factor sign-in">{twoFactorText(user.twoFactorEnabled)}</Field>
        <Field label="Last sign-in">{lastSignInText(user)}</Field>
        <Field label="Active sessions">{user.liveSessions}</Field>
        <Field label="Added">{formatDateTimeShort(user.createdAt)}</Field>
      </dl>
      {user.manageable ? (
        <>
          <UserNamesSection user={user} />
          <UserRolesSection user={user} />
          <UserActionsSection user={user} />
        </>
      ) : (
        <p className="bo-user-readonly">{isSelf ? USER_TEXTS.self : USER_TEXTS.moreThanOwn}</p>
      )}
    </article>
  );
};

/** The user does not exist or is out of the caller's reach (404), or the id is not one (400). */
const isNotFound = (error: unknown) => {
  const status = httpStatusOf(error);
  return status === 404 || status === 400;
};

/**
 * A user at /users/:id (issue 22): their fields and, when the caller may manage them, names,
 * roles, deactivate or reactivate, reset password, reset two-factor sign-in and sign out
 * everywhere.
 */
export const UserDetailsPage = () => {
  const { id } = useParams();
  const userId = userIdFromRoute(id);
  const query = useGetStaffUserQuery({ userId: userId ?? 0 }, { skip: userId === null });
  if (query.currentData) return <UserDetails user={query.currentData} />;
  if (userId === null || (query.isError && isNotFound(query.error))) {
    return (
      <section className="bo-user-details" aria-labelledby={TITLE_ID}>
        <h1 id={TITLE_ID}>{USER_TEXTS.notFound}</h1>
        <p>
          <Link to="/users">Back to Users</Link>
        </p>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="bo-user-details" aria-labelledby={TITLE_ID}>
        <UserBackButton />
        <h1 id={TITLE_ID}>User {userId}</h1>
        <div role="alert">
          <p>Could not load the user: {errorMessageOf(query.error)}</p>
          <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </section>
    );
  }
  return <Loading label="Loading the user" />;
};
