import {
  errorMessageOf,
  type TerminalDetails,
  useCreateTerminalMutation,
  useGetCurrenciesQuery,
  useGetReferenceListQuery,
} from '@paygate/api';
import { REFERENCE_HEADER_IDS } from '@paygate/domain';
import { Button, Dialog, Select, TextField, useToast } from '@paygate/ui';
import { useFormik } from 'formik';
import { useId } from 'react';
import * as yup from 'yup';
import { nameSchema } from './terminal-form.ts';
import { TERMINAL_TEXTS } from './terminal-messages.ts';

interface CreateTerminalValues {
  name: string;
  flowTypeId: string;
  currencyId: string;
}

const EMPTY: CreateTerminalValues = { name: '', flowTypeId: '', currencyId: '' };

/** SPEC §5 terminal create: name (with the name rules), flow type and currency required. */
const createTerminalSchema = yup.object({
  name: nameSchema,
  flowTypeId: yup.string().required(TERMINAL_TEXTS.flowTypeRequired),
  currencyId: yup.string().required(TERMINAL_TEXTS.currencyRequired),
});

export interface CreateTerminalDialogProps {
  /** The merchant the terminal is created for. */
  merchantId: number;
  onClose: () => void;
  onCreated: (terminal: TerminalDetails) => void;
}

/**
 * The New Terminal dialog (terminal.create); rendered only while open. A click beside it closes
 * it only while nothing was typed or chosen; Escape, × and Cancel always do.
 */
export const CreateTerminalDialog = ({
  merchantId,
  onClose,
  onCreated,
}: CreateTerminalDialogProps) => {
  const formId = useId();
  const toast = useToast();
  const [createTerminal] = useCreateTerminalMutation();
  const flowTypes = useGetReferenceListQuery({ refHeaderId: REFERENCE_HEADER_IDS.flowType });
  const currencies = useGetCurrenciesQuery();

  const form = useFormik<CreateTerminalValues>({
    initialValues: EMPTY,
    validationSchema: createTerminalSchema,
    onSubmit: async (values) => {
      try {
        const terminal = await createTerminal({
          merchantId,
          name: values.name.trim(),
          flowTypeId: Number(values.flowTypeId),
          currencyId: Number(values.currencyId),
        }).unwrap();
        toast.success(TERMINAL_TEXTS.created);
        onCreated(terminal);
      } catch (error) {
        toast.error(errorMessageOf(error));
      }
    },
  });
  const errorOf = (field: keyof CreateTerminalValues) =>
    form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined;

  return (
    <Dialog
      open
      onClose={onClose}
      title="New Terminal"
      // A stray click beside the dialog must not throw away what was typed.
      closeOnBackdropClick={!form.dirty}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={form.isSubmitting}>
            Create
          </Button>
        </>
      }
    >
      <form id={formId} className="bo-form" noValidate onSubmit={form.handleSubmit}>
        <TextField
          label="Name"
          name="name"
          required
          autoComplete="off"
          value={form.values.name}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={errorOf('name')}
        />
        <Select
          label="Flow type"
          name="flowTypeId"
          required
          placeholder="Not selected"
          disabled={flowTypes.isLoading}
          options={(flowTypes.data ?? []).map((item) => ({ value: item.id, label: item.value }))}
          value={form.values.flowTypeId}
          onChange={(value) => void form.setFieldValue('flowTypeId', value)}
          onBlur={form.handleBlur}
          error={
            errorOf('flowTypeId') ??
            (flowTypes.isError ? errorMessageOf(flowTypes.error) : undefined)
          }
        />
        <Select
          label="Currency"
          name="currencyId"
          required
          placeholder="Not selected"
          disabled={currencies.isLoading}
          options={(currencies.data ?? []).map((currency) => ({
            value: currency.id,
            label: currency.code,
          }))}
          value={form.values.currencyId}
          onChange={(value) => void form.setFieldValue('currencyId', value)}
          onBlur={form.handleBlur}
          error={
            errorOf('currencyId') ??
            (currencies.isError ? errorMessageOf(currencies.error) : undefined)
          }
        />
      </form>
    </Dialog>
  );
};
