import {
  errorMessageOf,
  type PaymentMethodReference,
  type PeopleAccountDetails,
  useCreatePeopleAccountMutation,
  useGetPaymentMethodsQuery,
  useGetProvidersQuery,
} from '@paygate/api';
import { validateAccountCreate } from '@paygate/domain';
import {
  Button,
  Checkbox,
  Dialog,
  Select,
  type SelectOption,
  TextField,
  useToast,
} from '@paygate/ui';
import { useFormik } from 'formik';
import { accountAmountText, fieldErrorsOf } from './account-display.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';

interface CreateAccountValues {
  providerId: string;
  paymentMethodId: string;
  bankName: string;
  ownerName: string;
  countryCode: string;
  enabled: boolean;
}

const EMPTY_VALUES: CreateAccountValues = {
  providerId: '',
  paymentMethodId: '',
  bankName: '',
  ownerName: '',
  countryCode: '',
  enabled: false,
};

/**
 * The methods a new account may take: the enabled ones, named with their currency, e.g.
 * "Humo (UZS)", in the server's order (currency code, then name).
 */
const methodOptionsOf = (methods: readonly PaymentMethodReference[]): SelectOption[] =>
  methods
    .filter((method) => method.enabled)
    .map((method) => ({ value: method.id, label: `${method.name} (${method.currency.code})` }));

/** The chosen method's payment limits in its currency, e.g. "1000.00 UZS to 20000000.00 UZS". */
const methodHintOf = (method: PaymentMethodReference | undefined): string | undefined =>
  method &&
  `Payments from ${accountAmountText(method.minAmount, method.currency)} to ` +
    `${accountAmountText(method.maxAmount, method.currency)}.`;

/** SPEC §5 account create, with decision 0005's bank name, owner name and country rules. */
const validate = (values: CreateAccountValues) => {
  const checked = validateAccountCreate(values);
  return checked.ok ? {} : fieldErrorsOf(checked.errors);
};

export interface CreateAccountDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new account after 'Account created'. */
  onCreated: (account: PeopleAccountDetails) => void;
}

/**
 * Create account (POST /api/v1/people/create): provider and payment method required (SPEC §5;
 * the enabled methods of GET /api/v1/payment-method, which people.account may read),
 * bank name required by the server, owner name and country code optional, and whether the new
 * account starts enabled (the server's default is disabled: it has no credentials or limits yet).
 */
export const CreateAccountDialog = ({ open, onClose, onCreated }: CreateAccountDialogProps) => {
  const [createAccount] = useCreatePeopleAccountMutation();
  const toast = useToast();
  const providers = useGetProvidersQuery(undefined, { skip: !open });
  const methods = useGetPaymentMethodsQuery(undefined, { skip: !open });
  const methodOptions = methodOptionsOf(methods.data ?? []);

  const form = useFormik<CreateAccountValues>({
    initialValues: EMPTY_VALUES,
    validate,
    validateOnBlur: false,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      const checked = validateAccountCreate(values);
      if (!checked.ok) return;
      try {
        const created = await createAccount({ ...checked.value, enabled: values.enabled }).unwrap();
        toast.success(ACCOUNT_MESSAGES.created);
        helpers.resetForm();
        onCreated(created);
      } catch (error) {
        toast.error(errorMessageOf(error));
      }
    },
  });

  let methodHint: string | undefined;
  if (methods.isLoading) methodHint = 'Loading the payment methods…';
  else if (methods.isSuccess && methodOptions.length === 0) {
    methodHint = 'No payment method is enabled.';
  } else {
    const chosenId = form.values.paymentMethodId;
    methodHint = methodHintOf(methods.data?.find((method) => String(method.id) === chosenId));
  }

  const close = () => {
    form.resetForm();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create account"
      width={520}
      // A stray click beside the dialog must not throw away what was typed.
      closeOnBackdropClick={!form.dirty}
    >
      <form onSubmit={form.handleSubmit} noValidate className="bo-form">
        <Select
          label="Provider"
          name="providerId"
          required
          placeholder="Not selected"
          options={(providers.data ?? []).map((provider) => ({
            value: provider.id,
            label: provider.name,
          }))}
          value={form.values.providerId}
          onChange={(value) => void form.setFieldValue('providerId', value)}
          disabled={providers.isLoading}
          aria-busy={providers.isLoading || undefined}
          error={form.errors.providerId}
          hint={
            providers.isError
              ? `Could not load the providers: ${errorMessageOf(providers.error)}`
              : undefined
          }
        />
        <Select
          label="Payment method"
          name="paymentMethodId"
          required
          placeholder="Not selected"
          options={methodOptions}
          value={form.values.paymentMethodId}
          onChange={(value) => void form.setFieldValue('paymentMethodId', value)}
          disabled={!methods.isSuccess}
          aria-busy={methods.isFetching || undefined}
          error={form.errors.paymentMethodId}
          hint={methodHint}
        />
        {methods.isError ? (
          <div className="bo-accounts-load-error" role="alert">
            <p>Could not load the payment methods: {errorMessageOf(methods.error)}</p>
            <Button
              variant="secondary"
              busy={methods.isFetching}
              onClick={() => void methods.refetch()}
            >
              Try again
            </Button>
          </div>
        ) : null}
        <TextField
          label="Bank name"
          name="bankName"
          required
          value={form.values.bankName}
          onChange={form.handleChange}
          error={form.errors.bankName}
          hint="Customers see it next to the requisites."
        />
        <TextField
          label="Owner name"
          name="ownerName"
          value={form.values.ownerName}
          onChange={form.handleChange}
          error={form.errors.ownerName}
        />
        <TextField
          label="Country code"
          name="countryCode"
          value={form.values.countryCode}
          onChange={form.handleChange}
          error={form.errors.countryCode}
          hint="Optional: two letters, e.g. UZ."
        />
        <Checkbox
          label="Enable right away"
          name="enabled"
          checked={form.values.enabled}
          onChange={form.handleChange}
        />
        <p className="bo-accounts-note">
          A disabled account takes no payments: add its credentials and limits, then enable it.
        </p>
        <div className="bo-form-actions">
          <Button type="button" variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" busy={form.isSubmitting}>
            Create
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
