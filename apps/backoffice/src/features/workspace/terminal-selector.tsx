import { useGetTerminalsQuery } from '@paygate/api';
import { Select } from '@paygate/ui';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/store.ts';
import { LoadFailed } from '../layout/load-state.tsx';
import { useMerchantScope } from './merchant-scope.ts';
import { terminalChosen } from './workspace-slice.ts';

export const ALL_TERMINALS_LABEL = 'ALL TERMINALS';
export const TERMINALS_LOAD_FAILED = 'Could not load the terminals';

/** The list page parameter (invoice-list-url.ts): a new terminal starts the list from page 1. */
const PAGE_PARAM = 'page';

/**
 * The header's terminal (SPEC §2), or '' for ALL TERMINALS: one setting of the workspace, the
 * same on the dashboard, the invoice list and the reports (decision 0010).
 */
export const useSelectedTerminalId = (): string =>
  useAppSelector((state) => state.workspace.selectedTerminalId);

/** The header's terminal choice as a query value: a number, or nothing for ALL TERMINALS. */
export const terminalIdOf = (selected: string): number | undefined => {
  const id = Number(selected);
  return selected.trim() !== '' && Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * The header's terminal as the API's terminalId (an integer, as InvoiceFilters and the server's
 * schemas have it), or undefined for ALL TERMINALS.
 */
export const useSelectedTerminal = (): number | undefined => terminalIdOf(useSelectedTerminalId());

/**
 * SPEC §2: the terminal selector of the invoices and reports screens, with 'ALL TERMINALS' (an
 * empty id) first. Changing it starts the invoice list again from the first page. It waits for
 * the merchant; when the list cannot load, the reason and Try again show next to it.
 */
export const TerminalSelector = () => {
  const dispatch = useAppDispatch();
  const { merchantId, ready } = useMerchantScope();
  const [params, setParams] = useSearchParams();
  const terminals = useGetTerminalsQuery({ merchantId }, { skip: !ready });
  const selected = useSelectedTerminalId();
  return (
    <>
      <Select
        label="Terminal"
        value={selected}
        disabled={!ready || terminals.isLoading}
        placeholder={ALL_TERMINALS_LABEL}
        options={(terminals.data ?? []).map((terminal) => ({
          value: String(terminal.id),
          label: `${terminal.name} (${terminal.id})`,
        }))}
        onChange={(value) => {
          dispatch(terminalChosen(value));
          if (params.has(PAGE_PARAM)) {
            const next = new URLSearchParams(params);
            next.delete(PAGE_PARAM);
            setParams(next);
          }
        }}
      />
      {ready && terminals.isError ? (
        <LoadFailed message={TERMINALS_LOAD_FAILED} query={terminals} />
      ) : null}
    </>
  );
};
