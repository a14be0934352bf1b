import { type ComponentPropsWithRef, type ReactNode, useEffect, useRef } from 'react';
import { joinClasses } from '../internal/class-names.ts';
import '../theme/theme.css';
import './checkbox.css';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** Visible label; clicking it toggles the box. */
  label: ReactNode;
  /** Shows the mixed state (e.g. some statuses chosen). */
  indeterminate?: boolean;
}

/** Native checkbox with its label; every input prop, including `ref`, reaches the input. */
export const Checkbox = ({
  label,
  indeterminate = false,
  className,
  ref,
  ...inputProps
}: CheckboxProps) => {
  const inner = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (inner.current) inner.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className={joinClasses('pg-checkbox', className)}>
      <input
        {...inputProps}
        ref={(node) => {
          inner.current = node;
          if (typeof ref === 'function') return ref(node);
          if (ref) ref.current = node;
        }}
        type="checkbox"
        className="pg-focusable"
      />
      <span>{label}</span>
    </label>
  );
};
