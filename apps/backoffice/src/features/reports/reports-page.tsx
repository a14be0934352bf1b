import { type ReportCardId, visibleReportCards } from '@paygate/domain';
import { EmptyState } from '@paygate/ui';
import type { ComponentType } from 'react';
import { useCurrentPerson } from '../session/current-person.tsx';
import { useMerchantScope } from '../workspace/merchant-scope.ts';
import { useSelectedTerminal } from '../workspace/terminal-selector.tsx';
import {
  BalanceReportCard,
  BalanceStatementReportCard,
  PoolBalanceReportCard,
  ProviderReportCard,
  type ReportCardProps,
  TransactionsReportCard,
} from './report-cards.tsx';
import './reports.css';

const CARD_COMPONENTS: Record<ReportCardId, ComponentType<ReportCardProps>> = {
  transactions: TransactionsReportCard,
  provider: ProviderReportCard,
  poolBalance: PoolBalanceReportCard,
  balance: BalanceReportCard,
  statement: BalanceStatementReportCard,
};

export const NO_REPORTS = 'No reports are available to you.';

/**
 * SPEC §2 Reports: one card per report the person may read (SPEC §6), in SPEC order. Each
 * downloads a CSV for a period; Transactions, Balance and the balance statement take the header's
 * terminal.
 */
export const ReportsPage = () => {
  const person = useCurrentPerson();
  const { merchantId, ready } = useMerchantScope();
  const terminalId = useSelectedTerminal();
  const cards = visibleReportCards(person);
  return (
    <section aria-labelledby="reports-title" className="bo-reports">
      <h1 id="reports-title">Reports</h1>
      {cards.length === 0 ? (
        <EmptyState text={NO_REPORTS} />
      ) : (
        <div className="bo-report-cards">
          {cards.map((card) => {
            const Card = CARD_COMPONENTS[card.id];
            return (
              <Card key={card.id} merchantId={merchantId} ready={ready} terminalId={terminalId} />
            );
          })}
        </div>
      )}
    </section>
  );
};
