import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { joinClasses } from '../internal/class-names.ts';
import '../theme/theme.css';
import './switch.css';

export interface SwitchProps
  extends Omit<ComponentPropsWithRef<'button'>, 'type' | 'role' | 'onChange' | 'children'> {
  checked: boolean;
  /** Called with the new state on click, Space or Enter. */
  onCheckedChange: (checked: boolean) => void;
  /** Accessible name, shown after the track unless `hideLabel`. */
  label: ReactNode;
  hideLabel?: boolean;
}

/** On/off toggle (role="switch", aria-checked); a native button, so Space and Enter toggle it. */
export const Switch = ({
  checked,
  onCheckedChange,
  label,
  hideLabel = false,
  className,
  onClick,
  ...buttonProps
}: SwitchProps) => {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) onCheckedChange(!checked);
  };
  return (
    <button
      {...buttonProps}
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={handleClick}
      className={joinClasses('pg-switch pg-focusable', className)}
    >
      <span className="pg-switch__track" aria-hidden="true">
        <span className="pg-switch__thumb" />
      </span>
      <span className={hideLabel ? 'pg-visually-hidden' : undefined}>{label}</span>
    </button>
  );
};
