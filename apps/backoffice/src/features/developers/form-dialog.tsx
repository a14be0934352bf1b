import { errorMessageOf } from '@paygate/api';
import { Button, type ButtonVariant, Dialog } from '@paygate/ui';
import { type FormikConfig, type FormikValues, useFormik } from 'formik';
import { type FormEvent, type ReactNode, useState } from 'react';

export interface FormDialogOptions<Values extends FormikValues> {
  initialValues: Values;
  validationSchema: FormikConfig<Values>['validationSchema'];
  /** Sends the values; a rejection is the server's refusal, shown in the dialog. */
  onSubmit: (values: Values) => Promise<unknown>;
  onClose: () => void;
}

/**
 * The form of a dialog that sends it to the server (Formik): `refusal` is the server's reason
 * when it refused the last submission, `close` does nothing while it is being sent.
 */
export const useFormDialog = <Values extends FormikValues>({
  initialValues,
  validationSchema,
  onSubmit,
  onClose,
}: FormDialogOptions<Values>) => {
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useFormik<Values>({
    initialValues,
    validationSchema,
    onSubmit: async (values) => {
      setRefusal(null);
      try {
        await onSubmit(values);
      } catch (error) {
        setRefusal(errorMessageOf(error));
      }
    },
  });
  const close = () => {
    if (!form.isSubmitting) onClose();
  };
  /** A field's error, once the field was left or the form submitted. */
  const fieldError = (field: keyof Values & string): string | undefined => {
    const error = form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined;
    return typeof error === 'string' ? error : undefined;
  };
  /** A checklist's error (e.g. none chosen), once the form was submitted. */
  const listError = (field: keyof Values & string): string | undefined => {
    const error = form.errors[field];
    return form.submitCount > 0 && typeof error === 'string' ? error : undefined;
  };
  /** A TextField's name, value, handlers and error for a field of the form. */
  const fieldProps = (field: keyof Values & string) => ({
    ...form.getFieldProps(field),
    error: fieldError(field),
  });
  /** A Checklist's name, choice, handler and error for a list field of the form. */
  const checklistProps = <Field extends keyof Values & string>(field: Field) => ({
    name: field,
    chosen: form.values[field],
    disabled: form.isSubmitting,
    error: listError(field),
    onChange: (chosen: Values[Field]) => void form.setFieldValue(field, chosen),
  });
  return { form, refusal, close, fieldError, fieldProps, checklistProps };
};

/** What FormDialog needs of useFormDialog's answer. */
export interface FormDialogControl {
  form: {
    handleSubmit: (event?: FormEvent<HTMLFormElement>) => void;
    isSubmitting: boolean;
    /** Something was typed or chosen: a click beside the dialog then keeps it open. */
    dirty: boolean;
  };
  refusal: string | null;
  close: () => void;
}

export interface FormDialogProps {
  /** useFormDialog's answer. */
  control: FormDialogControl;
  title: string;
  width: number;
  /** The id of what describes the dialog, e.g. an explanation among `children`. */
  describedBy?: string | undefined;
  submitLabel: string;
  submitVariant?: ButtonVariant | undefined;
  /** The fields. */
  children: ReactNode;
}

/**
 * A dialog holding a form (useFormDialog): its fields, the server's refusal as an alert, then
 * Cancel and the submit button (busy while the form is sent). A click beside it closes it only
 * while nothing was typed or chosen; Escape, × and Cancel always do.
 */
export const FormDialog = ({
  control: { form, refusal, close },
  title,
  width,
  describedBy,
  submitLabel,
  submitVariant,
  children,
}: FormDialogProps) => (
  <Dialog
    open
    onClose={close}
    title={title}
    describedBy={describedBy}
    width={width}
    // A stray click beside the dialog must not throw away what was typed.
    closeOnBackdropClick={!form.dirty}
  >
    <form className="bo-form" onSubmit={form.handleSubmit} noValidate>
      {children}
      {refusal ? (
        <p className="bo-developers-error" role="alert">
          {refusal}
        </p>
      ) : null}
      <div className="bo-form-actions">
        <Button type="button" variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" variant={submitVariant} busy={form.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  </Dialog>
);
