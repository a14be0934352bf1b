import type { ComponentPropsWithRef } from 'react';
import { joinClasses } from '../internal/class-names.ts';
import { Spinner } from '../spinner/spinner.tsx';
import '../theme/theme.css';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /** primary (default), secondary or danger. */
  variant?: ButtonVariant;
  /** A request is running: the button is disabled, aria-busy and shows a spinner. */
  busy?: boolean;
}

/** Button with the three variants of the apps; `type` defaults to "button". */
export const Button = ({
  variant = 'primary',
  busy = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) => (
  <button
    {...rest}
    type={type}
    disabled={disabled || busy}
    aria-busy={busy || undefined}
    data-variant={variant}
    className={joinClasses('pg-button pg-focusable', `pg-button--${variant}`, className)}
  >
    {busy && (
      // The button's aria-busy tells the state; the drawing would only add noise to its name.
      <span className="pg-button__spinner" aria-hidden="true">
        <Spinner label="" size={16} />
      </span>
    )}
    {children}
  </button>
);
