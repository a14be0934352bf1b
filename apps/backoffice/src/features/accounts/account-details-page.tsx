import {
  errorMessageOf,
  httpStatusOf,
  type PeopleAccountDetails,
  useGetPeopleAccountQuery,
} from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';
import { Button } from '@paygate/ui';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BackButton } from '../layout/back-button.tsx';
import { Loading } from '../layout/load-state.tsx';
import { useCurrentPerson } from '../session/current-person.tsx';
import { canChangeAccounts } from './account-access.ts';
import { AccountAmountHoldsSection } from './account-amount-holds-section.tsx';
import { AccountCredentialsSection } from './account-credentials-section.tsx';
import { accountIdFromRoute, enabledText } from './account-display.ts';
import { AccountEnabledSwitch } from './account-enabled-switch.tsx';
import { AccountLimitsSection } from './account-limits-section.tsx';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import './accounts.css';

const TITLE_ID = 'account-title';

/** Back one step, or to the list when the details were the first screen opened. */
const AccountBackButton = () => <BackButton fallback="/accounts" />;

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

const AccountDetails = ({ account }: { account: PeopleAccountDetails }) => {
  const person = useCurrentPerson();
  const canChange = canChangeAccounts(person);
  return (
    <article className="bo-account-details" aria-labelledby={TITLE_ID}>
      <div className="bo-account-header">
        <AccountBackButton />
        <h1 id={TITLE_ID}>Account {account.id}</h1>
        {canChange ? (
          <AccountEnabledSwitch account={account} label="Enabled" />
        ) : (
          <p className="bo-account-enabled">Enabled: {enabledText(account.enabled)}</p>
        )}
      </div>
      <dl className="bo-account-fields">
        <Field label="Account ID">{account.id}</Field>
        <Field label="Provider">
          {account.providerName} (ID {account.providerId})
        </Field>
        <Field label="Payment method">
          {account.paymentMethodName} (ID {account.paymentMethodId})
        </Field>
        <Field label="Currency">{account.currency.code}</Field>
        <Field label="Bank">{account.bankName || '-'}</Field>
        <Field label="Owner">{account.ownerName || '-'}</Field>
        <Field label="Country">{account.countryCode ?? '-'}</Field>
        <Field label="Created">{formatDateTimeShort(account.createdDate)}</Field>
      </dl>
      <AccountCredentialsSection account={account} canChange={canChange} />
      <AccountLimitsSection account={account} canChange={canChange} />
      <AccountAmountHoldsSection account={account} />
    </article>
  );
};

/** The account does not exist (404) or the id is not one (400). */
const isNotFound = (error: unknown) => {
  const status = httpStatusOf(error);
  return status === 404 || status === 400;
};

/**
 * SPEC §2 Account details at /accounts/:id: enabled toggle, ids, credentials, limits row, and
 * the amounts the account holds (decision 0008).
 */
export const AccountDetailsPage = () => {
  const { id } = useParams();
  const accountId = accountIdFromRoute(id);
  const query = useGetPeopleAccountQuery(
    { accountId: accountId ?? 0 },
    { skip: accountId === null },
  );
  if (query.currentData) return <AccountDetails account={query.currentData} />;
  if (accountId === null || (query.isError && isNotFound(query.error))) {
    return (
      <section className="bo-account-details" aria-labelledby={TITLE_ID}>
        <h1 id={TITLE_ID}>{ACCOUNT_MESSAGES.notFound}</h1>
        <p>
          <Link to="/accounts">Back to Accounts</Link>
        </p>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="bo-account-details" aria-labelledby={TITLE_ID}>
        <AccountBackButton />
        <h1 id={TITLE_ID}>Account {accountId}</h1>
        <div role="alert">
          <p>Could not load the account: {errorMessageOf(query.error)}</p>
          <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </section>
    );
  }
  return <Loading label="Loading the account" />;
};
