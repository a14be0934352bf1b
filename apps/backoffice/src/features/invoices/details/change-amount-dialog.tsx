import { type Invoice, useChangeInvoiceAmountMutation, useGetCurrenciesQuery } from '@paygate/api';
import {
  type ChangeAmountLimit,
  changeAmountToMinorUnits,
  formatChangeAmountConfirmation,
  minorUnitsToSafeNumber,
  sanitizeChangeAmountInput,
} from '@paygate/domain';
import { Button, ConfirmDialog, Dialog, TextField, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import { useState } from 'react';
import { DETAILS_MESSAGES } from './details-messages.ts';
import { currencyOf } from './invoice-view.ts';

interface AmountForm {
  amount: string;
}

/**
 * The typed amount in minor units of the invoice currency, or the SPEC §5 message; past the
 * currency's maximum (`limit`, once the currency list has loaded) the server's own words.
 */
const toMinorUnits = (value: string, dimension: number, limit: ChangeAmountLimit | undefined) => {
  const result = changeAmountToMinorUnits(value, dimension, limit);
  if (!result.ok) return { ok: false as const, message: result.message };
  try {
    return { ok: true as const, amount: minorUnitsToSafeNumber(result.minor) };
  } catch {
    return { ok: false as const, message: 'The amount is too large' };
  }
};

/** The confirmation of SPEC §5: the amount with ".00" added when it has no decimals. */
export const amountConfirmationText = (value: string, currencyCode: string) =>
  `Are you sure you want to change the amount to ${formatChangeAmountConfirmation(value)}${
    currencyCode ? ` ${currencyCode}` : ''
  }?`;

/**
 * SPEC §5 change amount (invoice.amount.change): the value keeps only digits and one dot; empty
 * gives 'Change the value', more than two decimals 'There must be max two decimals after comma';
 * a confirmation shows the amount, then PATCH /api/v1/invoice/amount sends it in minor units.
 */
export const ChangeAmountDialog = ({
  invoice,
  open,
  onClose,
}: {
  invoice: Invoice;
  open: boolean;
  onClose: () => void;
}) => {
  const toast = useToast();
  const currency = currencyOf(invoice);
  // Asked for with the details, cached for the session; until it arrives (or when it cannot be
  // loaded) only the server checks the maximum.
  const { data: currencies } = useGetCurrenciesQuery();
  const limit = currencies?.find((each) => each.code === currency.code);
  const [changeAmount, { isLoading }] = useChangeInvoiceAmountMutation();
  const [confirming, setConfirming] = useState(false);

  const form = useFormik<AmountForm>({
    initialValues: { amount: '' },
    validateOnBlur: false,
    validate: ({ amount }) => {
      const result = toMinorUnits(amount, currency.dimension, limit);
      return result.ok ? {} : { amount: result.message };
    },
    onSubmit: () => setConfirming(true),
  });

  const close = () => {
    if (isLoading) return;
    setConfirming(false);
    form.resetForm();
    onClose();
  };

  const send = async () => {
    if (isLoading) return;
    const result = toMinorUnits(form.values.amount, currency.dimension, limit);
    if (!result.ok) {
      // The currency list arrived while the confirmation was open and the amount is over its
      // maximum: back to the amount, which now shows why.
      setConfirming(false);
      void form.validateForm();
      return;
    }
    try {
      await changeAmount({ invoiceId: invoice.invoiceId, amount: result.amount }).unwrap();
      toast.success(DETAILS_MESSAGES.amountChanged);
      setConfirming(false);
      form.resetForm();
      onClose();
    } catch {
      toast.error(DETAILS_MESSAGES.changeFailed);
    }
  };

  const error = form.submitCount > 0 ? form.errors.amount : undefined;
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Change amount"
      // A stray click beside the dialog must not throw away the typed amount.
      closeOnBackdropClick={!form.dirty}
    >
      <form onSubmit={form.handleSubmit} noValidate className="bo-form">
        <TextField
          label={currency.code ? `New amount, ${currency.code}` : 'New amount'}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={form.values.amount}
          onChange={(event) =>
            void form.setFieldValue('amount', sanitizeChangeAmountInput(event.target.value))
          }
          error={error}
        />
        <div className="bo-form-actions">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit">Change</Button>
        </div>
      </form>
      {/* On top of the amount dialog: Cancel goes back to the amount. */}
      <ConfirmDialog
        open={confirming}
        message={amountConfirmationText(form.values.amount, currency.code)}
        onCancel={() => {
          if (!isLoading) setConfirming(false);
        }}
        onConfirm={() => void send()}
        busy={isLoading}
      />
    </Dialog>
  );
};
