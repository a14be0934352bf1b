import {
  type AccountLimit,
  errorMessageOf,
  type PeopleAccountDetails,
  useGetAccountLimitQuery,
  useUpdateAccountLimitMutation,
} from '@paygate/api';
import { validateAccountLimits } from '@paygate/domain';
import { Button, Checkbox, Spinner, TextField, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import type { ReactNode } from 'react';
import { accountAmountText, fieldErrorsOf } from './account-display.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';

type Currency = PeopleAccountDetails['currency'];

interface LimitsValues {
  limit: string;
  priority: string;
  checkUniqueAmount: boolean;
}

const valuesOf = (limits: AccountLimit | null): LimitsValues =>
  limits
    ? {
        limit: String(limits.limit),
        priority: String(limits.priority),
        checkUniqueAmount: limits.checkUniqueAmount,
      }
    : { limit: '', priority: '', checkUniqueAmount: false };

/** SPEC §5 account limit: limit digits only, priority a number ≥ 0, checkUniqueAmount boolean. */
const validate = (values: LimitsValues) => {
  const checked = validateAccountLimits(values);
  return checked.ok ? {} : fieldErrorsOf(checked.errors);
};

/** One major unit in minor units as text: '100' for a dimension of 2. */
const oneMajorUnit = (currency: Currency) =>
  `1${'0'.repeat(Math.max(0, Math.min(currency.dimension, 18)))}`;

/**
 * The limit is sent as it is typed: a whole number of minor units (decision 0005, the API's
 * money form). The hint shows what it means in the account's currency.
 */
const limitHint = (text: string, currency: Currency): string => {
  const digits = text.trim();
  if (/^\d+$/.test(digits)) return `= ${accountAmountText(digits, currency)}`;
  const unit = oneMajorUnit(currency);
  return `Digits only, in minor units: ${unit} = ${accountAmountText(unit, currency)}`;
};

const LimitsForm = ({
  accountId,
  limits,
  currency,
}: {
  accountId: number;
  limits: AccountLimit | null;
  currency: Currency;
}) => {
  const [updateLimits] = useUpdateAccountLimitMutation();
  const toast = useToast();
  const form = useFormik<LimitsValues>({
    initialValues: valuesOf(limits),
    enableReinitialize: true,
    validate,
    validateOnBlur: false,
    validateOnChange: false,
    onSubmit: async (values) => {
      const checked = validateAccountLimits(values);
      if (!checked.ok) return;
      try {
        await updateLimits({ accountId, ...checked.value }).unwrap();
        toast.success(ACCOUNT_MESSAGES.changed);
      } catch (error) {
        toast.error(errorMessageOf(error));
      }
    },
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate className="bo-account-limits">
      <TextField
        label={`Limit (minor units of ${currency.code})`}
        name="limit"
        inputMode="numeric"
        autoComplete="off"
        value={form.values.limit}
        onChange={form.handleChange}
        error={form.errors.limit}
        hint={limitHint(form.values.limit, currency)}
      />
      <TextField
        label={`Balance (${currency.code})`}
        name="balance"
        readOnly
        value={limits ? accountAmountText(limits.balance, currency) : '-'}
        hint="Kept by the payment engine"
      />
      <TextField
        label="Priority"
        name="priority"
        inputMode="numeric"
        autoComplete="off"
        value={form.values.priority}
        onChange={form.handleChange}
        error={form.errors.priority}
        hint="A whole number, 0 or more"
      />
      <div className="bo-account-limits__check">
        <Checkbox
          label="Check unique amount"
          name="checkUniqueAmount"
          checked={form.values.checkUniqueAmount}
          onChange={form.handleChange}
        />
        {form.errors.checkUniqueAmount ? (
          <p className="bo-accounts-error">{form.errors.checkUniqueAmount}</p>
        ) : null}
      </div>
      <div className="bo-account-limits__actions">
        <Button type="submit" busy={form.isSubmitting}>
          Save
        </Button>
      </div>
    </form>
  );
};

const LimitsView = ({ limits, currency }: { limits: AccountLimit; currency: Currency }) => (
  <dl className="bo-account-fields">
    <div>
      <dt>Limit</dt>
      <dd>{accountAmountText(limits.limit, currency)}</dd>
    </div>
    <div>
      <dt>Balance</dt>
      <dd>{accountAmountText(limits.balance, currency)}</dd>
    </div>
    <div>
      <dt>Priority</dt>
      <dd>{limits.priority}</dd>
    </div>
    <div>
      <dt>Check unique amount</dt>
      <dd>{limits.checkUniqueAmount ? 'Yes' : 'No'}</dd>
    </div>
  </dl>
);

/**
 * SPEC §2 limits row (GET and PUT /api/router/v1/people/account/limit/{id}): limit, balance
 * (read-only), priority and checkUniqueAmount, with Save for people who may change accounts.
 */
export const AccountLimitsSection = ({
  account,
  canChange,
}: {
  account: PeopleAccountDetails;
  canChange: boolean;
}) => {
  const query = useGetAccountLimitQuery({ accountId: account.id });
  let body: ReactNode;
  if (query.data !== undefined) {
    const limits = query.data;
    body = (
      <>
        {limits === null ? <p>{ACCOUNT_MESSAGES.limitsNotSet}</p> : null}
        {canChange ? (
          <LimitsForm accountId={account.id} limits={limits} currency={account.currency} />
        ) : limits ? (
          <LimitsView limits={limits} currency={account.currency} />
        ) : null}
      </>
    );
  } else if (query.isError) {
    body = (
      <div role="alert">
        <p>Could not load the limits: {errorMessageOf(query.error)}</p>
        <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    body = <Spinner label="Loading limits" />;
  }
  return (
    <section className="bo-account-section" aria-labelledby="account-limits-title">
      <h2 id="account-limits-title">Limits</h2>
      {body}
    </section>
  );
};
