import type { ChangeEvent, ComponentPropsWithRef } from 'react';
import { joinClasses } from '../internal/class-names.ts';
import { Field, type FieldTextProps, fieldControlAria, useFieldIds } from '../internal/field.tsx';

export interface SelectOption {
  /** Option value; numbers (e.g. currency ids) are turned into strings, as the DOM does. */
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SelectProps
  extends FieldTextProps,
    Omit<ComponentPropsWithRef<'select'>, 'children' | 'value' | 'defaultValue' | 'onChange'> {
  options: readonly SelectOption[];
  /**
   * Text of a first option with an empty value, e.g. 'Not selected' or 'ALL TERMINALS'. It can be
   * chosen like any other option.
   */
  placeholder?: string;
  value?: string | number;
  defaultValue?: string | number;
  /** Called with the chosen value ('' for the placeholder) and the change event. */
  onChange?: (value: string, event: ChangeEvent<HTMLSelectElement>) => void;
  /** Class of the wrapper; use `selectClassName` for the select itself. */
  className?: string;
  selectClassName?: string;
}

/** Labelled native select with an optional empty first option and an error text. */
export const Select = ({
  label,
  hideLabel,
  hint,
  error,
  id,
  className,
  selectClassName,
  options,
  placeholder,
  value,
  defaultValue,
  onChange,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...selectProps
}: SelectProps) => {
  const ids = useFieldIds(id, hint, error);
  return (
    <Field
      ids={ids}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      required={selectProps.required}
      className={className}
    >
      <select
        {...selectProps}
        id={ids.controlId}
        value={value === undefined ? undefined : String(value)}
        defaultValue={defaultValue === undefined ? undefined : String(defaultValue)}
        onChange={onChange && ((event) => onChange(event.target.value, event))}
        {...fieldControlAria(ids, describedBy, invalid)}
        className={joinClasses('pg-field__control pg-focusable', selectClassName)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={String(option.value)} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
};
