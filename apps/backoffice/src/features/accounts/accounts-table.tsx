import type { PeopleAccount } from '@paygate/api';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountPath, enabledText } from './account-display.ts';
import { AccountEnabledSwitch } from './account-enabled-switch.tsx';

const AccountRow = ({ account, canToggle }: { account: PeopleAccount; canToggle: boolean }) => {
  const navigate = useNavigate();
  const path = accountPath(account.id);
  // A click anywhere on the row opens the account; the id link is the keyboard and
  // screen-reader way (Tab to it, Enter), and keeps open-in-new-tab working.
  const openFromRow = (event: MouseEvent<HTMLTableRowElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.target instanceof Element && event.target.closest('a, button, input, select')) return;
    if (window.getSelection()?.toString()) return;
    navigate(path);
  };
  return (
    <tr className="bo-accounts-table__row" onClick={openFromRow}>
      <td>
        <Link to={path} className="bo-accounts-table__id" aria-label={`Account ${account.id}`}>
          {account.id}
        </Link>
      </td>
      <td>{account.providerName}</td>
      <td>{account.bankName}</td>
      <td>{account.paymentMethodName}</td>
      <td>
        {canToggle ? (
          <AccountEnabledSwitch
            account={account}
            label={`Account ${account.id} enabled`}
            hideLabel
          />
        ) : (
          enabledText(account.enabled)
        )}
      </td>
    </tr>
  );
};

/** SPEC §2 accounts table: id, provider, bank, payment method and enabled (a toggle with .edit). */
export const AccountsTable = ({
  accounts,
  canToggle,
  busy,
}: {
  accounts: readonly PeopleAccount[];
  canToggle: boolean;
  busy?: boolean;
}) => (
  <div className="bo-accounts-table__scroll">
    <table className="bo-accounts-table" aria-busy={busy || undefined}>
      <caption className="bo-visually-hidden">Accounts</caption>
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">Provider</th>
          <th scope="col">Bank</th>
          <th scope="col">Payment method</th>
          <th scope="col">Enabled</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((account) => (
          <AccountRow key={account.id} account={account} canToggle={canToggle} />
        ))}
      </tbody>
    </table>
  </div>
);
