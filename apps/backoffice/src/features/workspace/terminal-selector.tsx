import { useGetTerminalsQuery } from '@paygate/api';
import { Select } from '@paygate/ui';
import { useSearchParams } from 'react-router';
import { useMerchantScope } from './merchant-scope.ts';

/** The URL query parameter holding the selected terminal, so the choice survives reloads. */
export const TERMINAL_PARAM = 'terminalId';
export const ALL_TERMINALS_LABEL = 'ALL TERMINALS';

/** The selected terminal id of the current screen, or '' for all terminals. */
export const useSelectedTerminalId = (): string => {
  const [params] = useSearchParams();
  return params.get(TERMINAL_PARAM) ?? '';
};

/**
 * SPEC §2: the terminal selector of the invoices and reports screens, with 'ALL TERMINALS' (an
 * empty id) first. Changing it starts the list again from the first page.
 */
export const TerminalSelector = () => {
  const { merchantId, ready } = useMerchantScope();
  const [params, setParams] = useSearchParams();
  const { data: terminals, isLoading } = useGetTerminalsQuery({ merchantId }, { skip: !ready });
  const selected = params.get(TERMINAL_PARAM) ?? '';
  return (
    <Select
      label="Terminal"
      value={selected}
      disabled={isLoading}
      placeholder={ALL_TERMINALS_LABEL}
      options={(terminals ?? []).map((terminal) => ({
        value: String(terminal.id),
        label: `${terminal.name} (${terminal.id})`,
      }))}
      onChange={(value) => {
        const next = new URLSearchParams(params);
        if (value === '') next.delete(TERMINAL_PARAM);
        else next.set(TERMINAL_PARAM, value);
        next.delete('page');
        setParams(next);
      }}
    />
  );
};
