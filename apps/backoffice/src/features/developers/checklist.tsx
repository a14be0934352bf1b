import { Checkbox } from '@paygate/ui';
import { type ReactNode, useId } from 'react';
import { toggled } from './developer-forms.ts';

export interface ChecklistProps<Item extends string> {
  legend: string;
  /** The checkboxes' name. */
  name: string;
  /** Every item, in the order shown and kept in `chosen`. */
  items: readonly Item[];
  labelOf: (item: Item) => ReactNode;
  chosen: readonly Item[];
  disabled: boolean;
  /** Said under the list and describing it, e.g. that one must be chosen. */
  error: string | undefined;
  /** The new choice, in the order of `items`. */
  onChange: (chosen: Item[]) => void;
}

/** A group of checkboxes choosing some of `items` (scopes, event types), with its error. */
export const Checklist = <Item extends string>({
  legend,
  name,
  items,
  labelOf,
  chosen,
  disabled,
  error,
  onChange,
}: ChecklistProps<Item>) => {
  const errorId = useId();
  return (
    <>
      <fieldset className="bo-developers-checklist" aria-describedby={error ? errorId : undefined}>
        <legend>{legend}</legend>
        <ul>
          {items.map((item) => (
            <li key={item}>
              <Checkbox
                name={name}
                value={item}
                label={labelOf(item)}
                checked={chosen.includes(item)}
                disabled={disabled}
                onChange={(event) => onChange(toggled(items, chosen, item, event.target.checked))}
              />
            </li>
          ))}
        </ul>
      </fieldset>
      {error ? (
        <p id={errorId} className="bo-developers-error">
          {error}
        </p>
      ) : null}
    </>
  );
};
