import type { StaffUser } from '@paygate/api';
import { Badge } from '@paygate/ui';
import { Link } from 'react-router';
import { ListTable } from '../layout/list-table.tsx';
import { useRowLink } from '../layout/row-link.ts';
import {
  fullName,
  lastSignInText,
  merchantText,
  statusText,
  twoFactorText,
  USER_TEXTS,
  userPath,
} from './user-display.ts';

/** Active or Deactivated, and 'No password yet' until the user sets one through their link. */
export const UserStatus = ({ user }: { user: Pick<StaffUser, 'enabled' | 'hasPassword'> }) => (
  <span className="bo-users-status">
    <Badge kind={user.enabled ? 'success' : 'neutral'}>{statusText(user.enabled)}</Badge>
    {user.hasPassword ? null : <Badge kind="warning">{USER_TEXTS.noPassword}</Badge>}
  </span>
);

/** On when the user signs in with a second factor, Off otherwise (issue 22 item 3). */
export const UserTwoFactor = ({ user }: { user: Pick<StaffUser, 'twoFactorEnabled'> }) => (
  <Badge kind={user.twoFactorEnabled ? 'success' : 'neutral'}>
    {twoFactorText(user.twoFactorEnabled)}
  </Badge>
);

const UserRow = ({ user }: { user: StaffUser }) => {
  const path = userPath(user.id);
  const openFromRow = useRowLink(path);
  return (
    <tr className="bo-list-table__row" onClick={openFromRow}>
      <td>
        <Link to={path} className="bo-users-table__username">
          {user.username}
        </Link>
      </td>
      <td>{fullName(user)}</td>
      <td>{merchantText(user)}</td>
      <td>{user.roles.join(', ')}</td>
      <td>
        <UserStatus user={user} />
      </td>
      <td>
        <UserTwoFactor user={user} />
      </td>
      <td>{lastSignInText(user)}</td>
    </tr>
  );
};

/** The users table: a row opens the user; its username is the keyboard way there. */
export const UsersTable = ({ users, busy }: { users: readonly StaffUser[]; busy?: boolean }) => (
  <ListTable caption="Users" busy={busy}>
    <thead>
      <tr>
        <th scope="col">Username</th>
        <th scope="col">Name</th>
        <th scope="col">Merchant</th>
        <th scope="col">Roles</th>
        <th scope="col">Status</th>
        <th scope="col">
          <abbr title="Two-factor sign-in">2FA</abbr>
        </th>
        <th scope="col">Last sign-in</th>
      </tr>
    </thead>
    <tbody>
      {users.map((user) => (
        <UserRow key={user.id} user={user} />
      ))}
    </tbody>
  </ListTable>
);
