import {
  type AccountAmountHold,
  type PeopleAccountDetails,
  useGetAccountAmountHoldsQuery,
  useGetAccountLimitQuery,
} from '@paygate/api';
import { formatDateTimeShort, MAX_LISTED_AMOUNT_HOLDS } from '@paygate/domain';
import { EmptyState, InvoiceStatusBadge } from '@paygate/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListTable } from '../layout/list-table.tsx';
import { LoadFailed, Loading } from '../layout/load-state.tsx';
import { accountAmountText } from './account-display.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';

const TITLE_ID = 'account-amount-holds-title';

const HoldsTable = ({
  holds,
  currency,
  busy,
}: {
  holds: AccountAmountHold[];
  currency: PeopleAccountDetails['currency'];
  busy: boolean;
}) => (
  <ListTable caption="Amounts held" busy={busy}>
    <thead>
      <tr>
        <th scope="col">Amount</th>
        <th scope="col">Payment</th>
        <th scope="col">Status</th>
        <th scope="col">Since</th>
        <th scope="col">Held until</th>
      </tr>
    </thead>
    <tbody>
      {holds.map((hold) => (
        <tr key={hold.invoiceId}>
          <td>{accountAmountText(hold.amount, currency)}</td>
          <td>
            <Link to={`/invoices/${hold.invoiceId}`}>{hold.invoiceId}</Link>
          </td>
          <td>
            <InvoiceStatusBadge code={hold.status} />
          </td>
          <td>{formatDateTimeShort(hold.statusDate)}</td>
          <td>
            {hold.heldUntil === null
              ? ACCOUNT_MESSAGES.heldWhileWaiting
              : formatDateTimeShort(hold.heldUntil)}
          </td>
        </tr>
      ))}
    </tbody>
  </ListTable>
);

/**
 * The amounts the account holds from other payments (decision 0008): on an account that checks
 * unique amounts, a payment waiting for its money, or one that ended unpaid within the
 * quarantine, keeps its amount, so a deposit of that amount goes to another account or is
 * declined "No account available for this amount". Support reads here why.
 */
export const AccountAmountHoldsSection = ({ account }: { account: PeopleAccountDetails }) => {
  // Holds change with payments and with time, not only with the account: asked again on each
  // visit. The limits (the same query as the limits section's) say whether amounts are checked.
  const query = useGetAccountAmountHoldsQuery(
    { accountId: account.id },
    { refetchOnMountOrArgChange: true },
  );
  const limits = useGetAccountLimitQuery({ accountId: account.id }).data;
  // Known once the limits are read: none set, or set without the check.
  const amountsUnchecked = limits !== undefined && limits?.checkUniqueAmount !== true;
  let body: ReactNode;
  if (query.isError) {
    body = <LoadFailed message="Could not load the amounts held" query={query} />;
  } else if (query.data === undefined) {
    body = <Loading label="Loading the amounts held" />;
  } else if (query.data.length === 0) {
    body = (
      <EmptyState
        text={
          amountsUnchecked ? ACCOUNT_MESSAGES.amountsNotChecked : ACCOUNT_MESSAGES.noAmountHolds
        }
      />
    );
  } else {
    body = (
      <>
        <HoldsTable holds={query.data} currency={account.currency} busy={query.isFetching} />
        {query.data.length >= MAX_LISTED_AMOUNT_HOLDS ? (
          <p className="bo-account-section__hint">{ACCOUNT_MESSAGES.amountHoldsCut}</p>
        ) : null}
      </>
    );
  }
  return (
    <section className="bo-account-section" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID}>Amounts held</h2>
      <p className="bo-account-section__hint">{ACCOUNT_MESSAGES.amountHoldsHint}</p>
      {body}
    </section>
  );
};
