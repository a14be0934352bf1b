import { type RotatedWebhookSecret, useRotateWebhookSecretMutation } from '@paygate/api';
import { WEBHOOK_SECRET_GRACE_HOURS_MAX } from '@paygate/domain';
import { TextField, useToast } from '@paygate/ui';
import { useId } from 'react';
import { INITIAL_ROTATE, type RotateFormValues, rotateSchema } from './developer-forms.ts';
import { DEVELOPER_TEXTS } from './developer-texts.ts';
import { FormDialog, useFormDialog } from './form-dialog.tsx';

export interface RotateSecretDialogProps {
  merchantId: number | undefined;
  onClose: () => void;
  /** Called with the new secret (shown once) and when the previous one stops signing. */
  onRotated: (rotated: RotatedWebhookSecret) => void;
}

/**
 * Rotate (POST /api/v1/developers/webhook-secrets/rotate): a new secret, the old one signing next
 * to it for the grace period (WEBHOOK_SECRET_GRACE_HOURS_DEFAULT hours unless changed, 0 to
 * WEBHOOK_SECRET_GRACE_HOURS_MAX). Mounted while open.
 */
export const RotateSecretDialog = ({ merchantId, onClose, onRotated }: RotateSecretDialogProps) => {
  const toast = useToast();
  const [rotate] = useRotateWebhookSecretMutation();
  const explanationId = useId();
  const dialog = useFormDialog<RotateFormValues>({
    initialValues: INITIAL_ROTATE,
    validationSchema: rotateSchema,
    onSubmit: async (values) => {
      const rotated = await rotate({
        ...(merchantId === undefined ? {} : { merchantId }),
        graceHours: Number(values.graceHours.trim()),
      }).unwrap();
      toast.success(DEVELOPER_TEXTS.rotated);
      onRotated(rotated);
    },
    onClose,
  });
  const { form } = dialog;

  return (
    <FormDialog
      control={dialog}
      title={DEVELOPER_TEXTS.rotateTitle}
      describedBy={explanationId}
      width={560}
      submitLabel={DEVELOPER_TEXTS.rotate}
      submitVariant="danger"
    >
      <p id={explanationId} className="bo-developers-note">
        {DEVELOPER_TEXTS.rotateExplained}
      </p>
      <TextField
        label="Grace period (hours)"
        name="graceHours"
        type="number"
        inputMode="numeric"
        min={0}
        max={WEBHOOK_SECRET_GRACE_HOURS_MAX}
        step={1}
        required
        value={form.values.graceHours}
        // As typed: Formik's own handler would turn a number input's text into a number.
        onChange={(event) => void form.setFieldValue('graceHours', event.target.value)}
        onBlur={form.handleBlur}
        error={dialog.fieldError('graceHours')}
        hint={`0 to ${WEBHOOK_SECRET_GRACE_HOURS_MAX} hours (a week).`}
      />
    </FormDialog>
  );
};
