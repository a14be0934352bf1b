import { type AttributeParamType, BOOLEAN_ATTRIBUTE_VALUES } from '@paygate/domain';
import { Select, TextField } from '@paygate/ui';
import type { FocusEvent, ReactNode } from 'react';

export interface AttributeValueInputProps {
  label: string;
  hideLabel?: boolean;
  name: string;
  /** Decides the input: Boolean is a true/false choice, every other type is typed. */
  paramType: AttributeParamType | null;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLSelectElement>) => void;
  error?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

const BOOLEAN_OPTIONS = BOOLEAN_ATTRIBUTE_VALUES.map((value) => ({ value, label: value }));

/** The value input of an attribute, by its parameter type (SPEC §5: Boolean chosen true or false). */
export const AttributeValueInput = ({
  paramType,
  onChange,
  value,
  ...field
}: AttributeValueInputProps) =>
  paramType === 'B' ? (
    <Select
      {...field}
      options={BOOLEAN_OPTIONS}
      placeholder="Not selected"
      value={value}
      onChange={(chosen) => onChange(chosen)}
    />
  ) : (
    <TextField
      {...field}
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
