import { errorMessageOf, useCreateSettlementMutation } from '@paygate/api';
import { Button, Dialog, TextField, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import { useRef } from 'react';
import {
  newIdempotencyKey,
  type SettlementFormValues,
  settlementPayload,
  settlementSchema,
  USDT_DIMENSION,
} from './settlement-form.ts';

export const SETTLEMENT_CREATED = 'Successfully created';

/** SPEC §2, §9: the settlement dialog is 768 px wide. */
export const SETTLEMENT_DIALOG_WIDTH_PX = 768;

export interface SettlementDialogProps {
  open: boolean;
  onClose: () => void;
  terminal: { id: number; name: string };
  currency: { code: string; dimension: number };
  merchantId: number | undefined;
}

/** SPEC §2, §5: the 768 px settlement dialog of a terminal's balance card. */
export const SettlementDialog = ({
  open,
  onClose,
  terminal,
  currency,
  merchantId,
}: SettlementDialogProps) => {
  const [createSettlement] = useCreateSettlementMutation();
  const toast = useToast();
  // One key per intended settlement: sending the same amounts again (after an error, a lost
  // answer, other amounts in between, or closing and reopening the dialog) reuses theirs, so the
  // server settles them once; other amounts are another settlement with a key of their own. A
  // key is forgotten once its settlement is confirmed, so the same amounts later settle again.
  const unconfirmed = useRef(new Map<string, string>());
  const keyFor = (request: string) => {
    const known = unconfirmed.current.get(request);
    if (known) return known;
    const key = newIdempotencyKey();
    unconfirmed.current.set(request, key);
    return key;
  };
  const form = useFormik<SettlementFormValues>({
    initialValues: { baseAmount: '', settlementAmount: '' },
    validationSchema: settlementSchema(currency.dimension),
    validateOnBlur: false,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      const payload = settlementPayload(values, currency.dimension, terminal.id);
      // SPEC §5: submit is ignored without a terminal id.
      if (!payload || !terminal.id) return;
      const request = { ...payload, ...(merchantId ? { merchantId } : {}) };
      const requestText = JSON.stringify(request);
      try {
        await createSettlement({ ...request, idempotencyKey: keyFor(requestText) }).unwrap();
        unconfirmed.current.delete(requestText);
        toast.success(SETTLEMENT_CREATED);
        helpers.resetForm();
        onClose();
      } catch (error) {
        toast.error(errorMessageOf(error));
      }
    },
  });
  const close = () => {
    form.resetForm();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Settlement for ${terminal.name}`}
      width={SETTLEMENT_DIALOG_WIDTH_PX}
      // A stray click beside the dialog must not throw away typed amounts.
      closeOnBackdropClick={!form.dirty}
    >
      <form onSubmit={form.handleSubmit} noValidate className="bo-form">
        <TextField
          label={`Base amount, ${currency.code}`}
          name="baseAmount"
          inputMode="decimal"
          value={form.values.baseAmount}
          onChange={form.handleChange}
          error={form.errors.baseAmount}
          hint={`Up to ${currency.dimension} decimals`}
        />
        <TextField
          label="Settlement amount, USDT"
          name="settlementAmount"
          inputMode="decimal"
          value={form.values.settlementAmount}
          onChange={form.handleChange}
          error={form.errors.settlementAmount}
          hint={`Up to ${USDT_DIMENSION} decimals`}
        />
        <div className="bo-form-actions">
          <Button type="button" variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" busy={form.isSubmitting}>
            Create settlement
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
