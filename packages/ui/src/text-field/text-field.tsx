import type { ComponentPropsWithRef } from 'react';
import { joinClasses } from '../internal/class-names.ts';
import { Field, type FieldTextProps, fieldControlAria, useFieldIds } from '../internal/field.tsx';

export interface TextFieldProps extends FieldTextProps, ComponentPropsWithRef<'input'> {
  /** Class of the wrapper; use `inputClassName` for the input itself. */
  className?: string;
  inputClassName?: string;
}

/**
 * Labelled text input. Every input prop (including `ref`) reaches the input; an `error` is shown
 * under it, sets aria-invalid and is linked with aria-describedby.
 */
export const TextField = ({
  label,
  hideLabel,
  hint,
  error,
  id,
  className,
  inputClassName,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...inputProps
}: TextFieldProps) => {
  const ids = useFieldIds(id, hint, error);
  return (
    <Field
      ids={ids}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      required={inputProps.required}
      className={className}
    >
      <input
        {...inputProps}
        id={ids.controlId}
        {...fieldControlAria(ids, describedBy, invalid)}
        className={joinClasses('pg-field__control pg-focusable', inputClassName)}
      />
    </Field>
  );
};
