import {
  useGetMerchantBalanceQuery,
  useGetMerchantDepositQuery,
  useGetMerchantWithdrawalQuery,
  useGetTerminalsQuery,
} from '@paygate/api';
import { canCreateSettlement, formatAmount } from '@paygate/domain';
import { Button, Spinner } from '@paygate/ui';
import { type ReactNode, useState } from 'react';
import { useCurrentPerson } from '../session/current-person.tsx';
import { useMerchantScope } from '../workspace/merchant-scope.ts';
import { useSelectedTerminal } from '../workspace/terminal-selector.tsx';
import { SettlementDialog } from './settlement-dialog.tsx';

interface Figure {
  sum: number;
  count?: number;
  currency: { code: string; dimension: number };
}

const Tile = ({
  title,
  loading,
  failed,
  figures,
  action,
}: {
  title: string;
  loading: boolean;
  failed: boolean;
  figures: Figure[] | undefined;
  action?: ReactNode;
}) => (
  <section className="bo-tile" aria-labelledby={`tile-${title}`}>
    <h2 id={`tile-${title}`}>{title}</h2>
    {loading ? (
      <Spinner label={`Loading ${title.toLowerCase()}`} />
    ) : failed ? (
      <p role="alert">Could not load the {title.toLowerCase()}.</p>
    ) : figures && figures.length > 0 ? (
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

/**
 * The finance summary over the invoice list (SPEC §2 calls them the dashboard tiles): balance,
 * deposit and withdrawal for the header's terminal (all terminals when none is), with the settlement control on the balance card (settlement.create and a
 * terminal, SPEC §6).
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
        loading={balance.isLoading}
        failed={balance.isError}
        figures={balance.data?.balance}
        action={
          settlementAllowed ? (
            <Button variant="secondary" onClick={() => setSettling(true)}>
              Settlement
            </Button>
          ) : null
        }
      />
      <Tile
        title="Deposit"
        loading={deposit.isLoading}
        failed={deposit.isError}
        figures={deposit.data}
      />
      <Tile
        title="Withdrawal"
        loading={withdrawal.isLoading}
        failed={withdrawal.isError}
        figures={withdrawal.data}
      />
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
