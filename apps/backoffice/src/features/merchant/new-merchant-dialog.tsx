import { type CreatedMerchant, errorMessageOf, useCreateMerchantMutation } from '@paygate/api';
import { Button, Dialog, TextField, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import {
  CREATE_FAILED,
  MERCHANT_CREATED,
  type MerchantNameValues,
  merchantNameSchema,
} from './merchant-name.ts';

export interface NewMerchantDialogProps {
  open: boolean;
  onClose: () => void;
  /** The created merchant, signing secret included: the caller shows it once and drops it. */
  onCreated: (merchant: CreatedMerchant) => void;
}

/** The form inside the dialog: mounted on every open, so it always starts empty. */
const NewMerchantForm = ({ onClose, onCreated }: Omit<NewMerchantDialogProps, 'open'>) => {
  const [createMerchant] = useCreateMerchantMutation();
  const toast = useToast();
  const form = useFormik<MerchantNameValues>({
    initialValues: { name: '' },
    validationSchema: merchantNameSchema,
    onSubmit: async (values) => {
      const request = createMerchant({ name: values.name.trim() });
      try {
        const created = await request.unwrap();
        toast.success(MERCHANT_CREATED);
        onCreated(created);
      } catch (error) {
        toast.error(errorMessageOf(error, CREATE_FAILED));
      } finally {
        // The answer holds the signing secret: drop it from the store at once.
        request.reset();
      }
    },
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate className="bo-form">
      <TextField
        label="Merchant name"
        name="name"
        autoComplete="off"
        required
        value={form.values.name}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={form.touched.name ? form.errors.name : undefined}
      />
      <div className="bo-form-actions">
        <Button variant="secondary" onClick={onClose} disabled={form.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" busy={form.isSubmitting}>
          Create
        </Button>
      </div>
    </form>
  );
};

/** SPEC §2 New Merchant (merchant.create): a name, with the merchant name rules of SPEC §5. */
export const NewMerchantDialog = ({ open, onClose, onCreated }: NewMerchantDialogProps) => (
  <Dialog open={open} onClose={onClose} title="New Merchant">
    <NewMerchantForm onClose={onClose} onCreated={onCreated} />
  </Dialog>
);
