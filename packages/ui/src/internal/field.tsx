import { type ReactNode, useId } from 'react';
import { joinClasses, joinIds } from './class-names.ts';
import '../theme/theme.css';
import './field.css';

export interface FieldTextProps {
  /** Visible label of the control. */
  label: ReactNode;
  /** Shows the label to assistive technology only. */
  hideLabel?: boolean;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Error text under the control; the control becomes aria-invalid and described by it. */
  error?: ReactNode;
}

export interface FieldIds {
  controlId: string;
  labelId: string;
  hintId: string | undefined;
  errorId: string | undefined;
}

/** Ids of a labelled control and its hint and error texts (the control id may come from props). */
export const useFieldIds = (
  id: string | undefined,
  hint: ReactNode,
  error: ReactNode,
): FieldIds => {
  const generated = useId();
  const controlId = id ?? `${generated}control`;
  return {
    controlId,
    labelId: `${controlId}-label`,
    hintId: hasContent(hint) ? `${controlId}-hint` : undefined,
    errorId: hasContent(error) ? `${controlId}-error` : undefined,
  };
};

/** aria attributes of a field control: described by hint, error and any caller's ids. */
export const fieldControlAria = (
  ids: FieldIds,
  describedBy: string | undefined,
  invalid: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined,
) => ({
  'aria-invalid': ids.errorId ? true : invalid,
  'aria-describedby': joinIds(describedBy, ids.hintId, ids.errorId),
});

const hasContent = (node: ReactNode) =>
  node !== undefined && node !== null && node !== false && node !== '';

interface FieldProps extends FieldTextProps {
  ids: FieldIds;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and error laid out in a column. */
export const Field = ({
  ids,
  label,
  hideLabel,
  hint,
  error,
  required,
  className,
  children,
}: FieldProps) => (
  <div className={joinClasses('pg-field', className)}>
    <label
      id={ids.labelId}
      htmlFor={ids.controlId}
      className={hideLabel ? 'pg-visually-hidden' : 'pg-field__label'}
    >
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
    {children}
    {ids.hintId && (
      <p id={ids.hintId} className="pg-field__hint">
        {hint}
      </p>
    )}
    {ids.errorId && (
      <p id={ids.errorId} className="pg-field__error">
        {error}
      </p>
    )}
  </div>
);
