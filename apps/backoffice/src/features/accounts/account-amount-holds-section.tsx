import {
  errorMessageOf,
  type PeopleAccountDetails,
  useGetAccountAmountHoldsQuery,
} from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';
import { Button, EmptyState, InvoiceStatusBadge, Spinner } from '@paygate/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListTable } from '../layout/list-table.tsx';
import { accountAmountText } from './account-display.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';

const TITLE_ID = 'account-amount-holds-title';

/**
 * The amounts the account holds from other payments (decision 0008): on an account that checks
 * unique amounts, a payment waiting for its money, or one that ended unpaid within the
 * quarantine, keeps its amount, so a deposit of that amount goes to another account or is
 * declined "No account available for this amount". Support reads here why.
 */
export const AccountAmountHoldsSection = ({ account }: { account: PeopleAccountDetails }) => {
  // Holds change with payments and with time, not with the account: asked again on each visit.
  const query = useGetAccountAmountHoldsQuery(
    { accountId: account.id },
    { refetchOnMountOrArgChange: true },
  );
  let body: ReactNode;
  if (query.data !== undefined) {
    const holds = query.data;
    body =
      holds.length === 0 ? (
        <EmptyState text={ACCOUNT_MESSAGES.noAmountHolds} />
      ) : (
        <ListTable caption="Amounts held">
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
                <td>{accountAmountText(hold.amount, account.currency)}</td>
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
  } else if (query.isError) {
    body = (
      <div role="alert">
        <p>Could not load the amounts held: {errorMessageOf(query.error)}</p>
        <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    body = <Spinner label="Loading the amounts held" />;
  }
  return (
    <section className="bo-account-section" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID}>Amounts held</h2>
      <p className="bo-account-section__hint">{ACCOUNT_MESSAGES.amountHoldsHint}</p>
      {body}
    </section>
  );
};
