import type { PeopleAccount } from '@paygate/api';
import { Link } from 'react-router';
import { ListTable } from '../layout/list-table.tsx';
import { useRowLink } from '../layout/row-link.ts';
import { accountPath, enabledText } from './account-display.ts';
import { AccountEnabledSwitch } from './account-enabled-switch.tsx';

const AccountRow = ({ account, canToggle }: { account: PeopleAccount; canToggle: boolean }) => {
  const path = accountPath(account.id);
  const openFromRow = useRowLink(path);
  return (
    <tr className="bo-list-table__row" onClick={openFromRow}>
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
  <ListTable caption="Accounts" busy={busy}>
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
  </ListTable>
);
