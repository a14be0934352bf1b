import { errorMessageOf, type Merchant, useRenameMerchantMutation } from '@paygate/api';
import { Button, CopyButton, TextField, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import { useId } from 'react';
import {
  COPY_FAILED,
  MERCHANT_RENAMED,
  type MerchantNameValues,
  merchantNameSchema,
  RENAME_FAILED,
} from './merchant-name.ts';

/** SPEC §2 Merchant: name edit (SPEC §5 rules, 'Successfully changed'). */
const MerchantNameForm = ({ merchant }: { merchant: Merchant }) => {
  const [renameMerchant] = useRenameMerchantMutation();
  const toast = useToast();
  const form = useFormik<MerchantNameValues>({
    initialValues: { name: merchant.name },
    // The saved name comes back from the server (the rename refetches the merchant).
    enableReinitialize: true,
    validationSchema: merchantNameSchema,
    onSubmit: async (values) => {
      try {
        await renameMerchant({ merchantId: merchant.id, name: values.name.trim() }).unwrap();
        toast.success(MERCHANT_RENAMED);
      } catch (error) {
        toast.error(errorMessageOf(error, RENAME_FAILED));
      }
    },
  });
  const unchanged = form.values.name.trim() === merchant.name;
  return (
    <form onSubmit={form.handleSubmit} noValidate className="bo-merchant__name-form">
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
      <Button type="submit" busy={form.isSubmitting} disabled={unchanged}>
        Save
      </Button>
    </form>
  );
};

/** The merchant's public API key (X-Api-Key), with a copy button. */
const PublicKey = ({ value }: { value: string }) => {
  const toast = useToast();
  const labelId = useId();
  return (
    <section className="bo-merchant__section" aria-labelledby={labelId}>
      <h2 id={labelId}>Public key</h2>
      <p className="bo-merchant__hint">
        Your server sends it as X-Api-Key with every Merchant API request.
      </p>
      <div className="bo-merchant__key">
        <code>{value}</code>
        <CopyButton
          value={value}
          what="public key"
          onCopy={(ok) => {
            if (!ok) toast.error(COPY_FAILED);
          }}
        />
      </div>
    </section>
  );
};

/**
 * One merchant: its name (editable with merchant.read, which the server's rename asks for) and
 * its public key.
 */
export const MerchantDetails = ({
  merchant,
  canRename,
}: {
  merchant: Merchant;
  canRename: boolean;
}) => {
  const nameId = useId();
  return (
    <>
      <section className="bo-merchant__section" aria-labelledby={nameId}>
        <h2 id={nameId}>Name</h2>
        <p className="bo-merchant__hint">Merchant ID {merchant.id}</p>
        {canRename ? (
          <MerchantNameForm key={merchant.id} merchant={merchant} />
        ) : (
          <p>{merchant.name}</p>
        )}
      </section>
      <PublicKey value={merchant.clientPublicKey} />
    </>
  );
};
