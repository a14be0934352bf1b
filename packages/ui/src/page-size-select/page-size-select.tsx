import { DEFAULT_ITEMS_PER_PAGE, ITEMS_PER_PAGE_OPTIONS } from '@paygate/domain';
import { Select } from '../select/select.tsx';

export interface PageSizeSelectProps {
  /** Items per page; DEFAULT_ITEMS_PER_PAGE (10) when not given. */
  value?: number;
  onChange: (pageSize: number) => void;
  /** Sizes offered; ITEMS_PER_PAGE_OPTIONS (5, 10, 15, 25, 40) of SPEC §9 by default. */
  options?: readonly number[];
  label?: string;
  hideLabel?: boolean;
  id?: string;
  className?: string;
  disabled?: boolean;
}

/** Items-per-page select of the invoice list (SPEC §9: 5, 10, 15, 25, 40; default 10). */
export const PageSizeSelect = ({
  value = DEFAULT_ITEMS_PER_PAGE,
  onChange,
  options = ITEMS_PER_PAGE_OPTIONS,
  label = 'Items per page',
  hideLabel,
  id,
  className,
  disabled,
}: PageSizeSelectProps) => (
  <Select
    id={id}
    className={className}
    label={label}
    hideLabel={hideLabel}
    disabled={disabled}
    value={value}
    options={options.map((size) => ({ value: size, label: String(size) }))}
    onChange={(next) => onChange(Number(next))}
  />
);
