import { useRecoverWebhookDeliveriesMutation, type WebhookEndpoint } from '@paygate/api';
import { TextField, useToast } from '@paygate/ui';
import { useId, useMemo } from 'react';
import {
  initialRecover,
  localDateTimeText,
  momentOfLocalText,
  type RecoverFormValues,
  recoverSchema,
} from './developer-forms.ts';
import { DEVELOPER_TEXTS } from './developer-texts.ts';
import { FormDialog, useFormDialog } from './form-dialog.tsx';

/**
 * Recover (POST /api/v1/developers/webhook-endpoints/{id}/recover): what the endpoint has not
 * received since a moment is sent again now. Mounted while open; a refusal (a disabled endpoint,
 * 409) stays in the dialog.
 */
export const RecoverDeliveriesDialog = ({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) => {
  const toast = useToast();
  const [recover] = useRecoverWebhookDeliveriesMutation();
  const explanationId = useId();
  const initialValues = useMemo(() => initialRecover(), []);
  const dialog = useFormDialog<RecoverFormValues>({
    initialValues,
    validationSchema: recoverSchema(),
    onSubmit: async (values) => {
      const since = momentOfLocalText(values.since.trim());
      if (!since) return;
      const outcome = await recover({
        endpointId: endpoint.id,
        since: since.toISOString(),
      }).unwrap();
      const told = DEVELOPER_TEXTS.recovered(outcome.resent, outcome.madeDue);
      toast.success(outcome.more ? `${told}. ${DEVELOPER_TEXTS.recoveredMore}` : told);
      onClose();
    },
    onClose,
  });
  const { form } = dialog;
  const now = new Date();

  return (
    <FormDialog
      control={dialog}
      title={DEVELOPER_TEXTS.recoverTitle}
      describedBy={explanationId}
      width={560}
      submitLabel={DEVELOPER_TEXTS.recover}
    >
      <p id={explanationId} className="bo-developers-note">
        {DEVELOPER_TEXTS.recoverExplained(endpoint.url)}
      </p>
      <TextField
        label={DEVELOPER_TEXTS.recoverSince}
        name="since"
        type="datetime-local"
        required
        max={localDateTimeText(now)}
        value={form.values.since}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={dialog.fieldError('since')}
        hint={DEVELOPER_TEXTS.recoverSinceHint}
      />
    </FormDialog>
  );
};
