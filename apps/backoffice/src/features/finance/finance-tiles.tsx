import {
  useGetMerchantBalanceQuery,
  useGetMerchantDepositQuery,
  useGetMerchantWithdrawalQuery,
  useGetTerminalsQuery,
} from '@paygate/api';
import { canCreateSettlement, formatAmount } from '@paygate/domain';
import { Button, Spinner } from '@paygate/ui';
import { type ReactNode, useState } from 'react';
import { LoadFailed, type RetryableQuery } from '../layout/load-state.tsx';
import { useCurrentPerson } from '../session/current-person.tsx';
import { useMerchantScope } from '../workspace/merchant-scope.ts';
import { useSelectedTerminal } from '../workspace/terminal-selector.tsx';
import { SettlementDialog } from './settlement-dialog.tsx';

interface Figure {
  sum: number;
  count?: number;
  currency: { code: string; dimension: number };
}

/** One tile's query: only the answer for the current arguments counts (RTK Query's currentData). */
interface TileQuery<Data> extends RetryableQuery {
  currentData?: Data;
  isError: boolean;
}

/**
 * One tile. Only figures of the terminal now chosen are shown: while another terminal's (or
 * merchant's) figures load, the tile loads too, never showing the previous terminal's money next
 * to a Settlement button that acts on the new one.
 */
const Tile = <Data,>({
  title,
  query,
  figuresOf,
  action,
}: {
  title: string;
  query: TileQuery<Data>;
  figuresOf: (data: Data) => Figure[];
  action?: ReactNode;
}) => {
  const figures = query.currentData === undefined ? undefined : figuresOf(query.currentData);
  return (
    <section className="bo-tile" aria-labelledby={`tile-${title}`}>
      <h2 id={`tile-${title}`}>{title}</h2>
      {query.isError && !query.isFetching ? (
        <LoadFailed message={`Could not load the ${title.toLowerCase()}`} query={query} />
      ) : figures === undefined ? (
        <Spinner label={`Loading ${title.toLowerCase()}`} />
      ) : figures.length > 0 ? (
        <ul>
          {figures.map((figure) => (
            <li key={figure.currency.code}>
              <strong>{formatAmount(figure.sum, figure.currency)}</strong>
              {figure.count === undefined ? null : <span> · {figure.count} payments</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p>{formatAmount(0, { dimension: 0 })}</p>
      )}
      {action}
    </section>
  );
};

/**
 * The finance summary over the invoice list (SPEC §2 calls them the dashboard tiles): balance,
 * deposit and withdrawal for the header's terminal (all terminals when none is), with the
 * settlement control on the balance card (settlement.create and a terminal, SPEC §6).
 */
export const FinanceTiles = () => {
  const person = useCurrentPerson();
  const { merchantId, ready } = useMerchantScope();
  const terminalId = useSelectedTerminal();
  const args = { merchantId, terminalId };
  const balance = useGetMerchantBalanceQuery(args, { skip: !ready });
  const deposit = useGetMerchantDepositQuery(args, { skip: !ready });
  const withdrawal = useGetMerchantWithdrawalQuery(args, { skip: !ready });
  const { data: terminals } = useGetTerminalsQuery({ merchantId }, { skip: !ready });
  const terminal = terminals?.find((candidate) => candidate.id === terminalId);
  const [settling, setSettling] = useState(false);
  const settlementAllowed = terminal !== undefined && canCreateSettlement(person, terminal.id);

  return (
    <div className="bo-tiles">
      <Tile
        title="Balance"
        query={balance}
        figuresOf={(data) => data.balance}
        action={
          settlementAllowed ? (
            <Button variant="secondary" onClick={() => setSettling(true)}>
              Settlement
            </Button>
          ) : null
        }
      />
      <Tile title="Deposit" query={deposit} figuresOf={(data) => data} />
      <Tile title="Withdrawal" query={withdrawal} figuresOf={(data) => data} />
      {settlementAllowed && terminal ? (
        <SettlementDialog
          open={settling}
          onClose={() => setSettling(false)}
          terminal={terminal}
          currency={terminal.currency}
          merchantId={merchantId}
        />
      ) : null}
    </div>
  );
};
