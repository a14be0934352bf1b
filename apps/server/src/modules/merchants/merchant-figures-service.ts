import type { Database } from '../../db/database.ts';
import { minorUnitsJson } from '../../http/money-json.ts';
import { notFoundError } from '../../service-errors.ts';
import { type AuthenticatedPerson, type MerchantScope, scopeAllows } from '../auth/auth-entry.ts';
import {
  type FiguresFilter,
  findTerminalMerchantId,
  selectFlowTotals,
  selectMovements,
  selectSettled,
} from './merchant-repository.ts';

/**
 * The dashboard's figures (SPEC §7): completed deposits, completed withdrawals and the balance,
 * per currency, of the merchants in scope or one of their terminals. The person's test
 * dashboard setting chooses test-processing or real invoices.
 */

/** The filter of a figures call: the terminal, if given and the caller may see it (else 404). */
const figuresFilter = async (
  db: Database,
  scope: MerchantScope,
  terminalId?: number,
): Promise<FiguresFilter> => {
  if (terminalId === undefined) return { scope };
  const merchantId = await findTerminalMerchantId(db, terminalId);
  if (merchantId === undefined || !scopeAllows(scope, merchantId)) {
    throw notFoundError('Terminal not found');
  }
  return { terminalId };
};

/** Sum and count of the completed invoices of a flow, per currency. */
export const flowTotals = async (
  db: Database,
  flowType: 'DEPOSIT' | 'WITHDRAWAL',
  person: AuthenticatedPerson,
  scope: MerchantScope,
  terminalId?: number,
) => {
  const filter = await figuresFilter(db, scope, terminalId);
  const rows = await selectFlowTotals(db, filter, flowType, person.testDashboard);
  return rows.map((row) => ({
    sum: minorUnitsJson(BigInt(row.sum)),
    count: row.count,
    currency: { code: row.code.trim(), dimension: row.dimension },
  }));
};

/** Completed deposits less fees, less withdrawals with fees and settlements, per currency. */
export const merchantBalance = async (
  db: Database,
  person: AuthenticatedPerson,
  scope: MerchantScope,
  terminalId?: number,
) => {
  const filter = await figuresFilter(db, scope, terminalId);
  const movements = await selectMovements(db, filter, person.testDashboard);
  // Settlements pay out live money: the test dashboard's test-processing money has none.
  const settled = person.testDashboard ? [] : await selectSettled(db, filter);
  const byCurrency = new Map(
    movements.map((row) => [row.code.trim(), { sum: BigInt(row.sum), dimension: row.dimension }]),
  );
  // A currency settled beyond what its counted invoices add up to still shows, below zero.
  for (const row of settled) {
    const code = row.code.trim();
    const counted = byCurrency.get(code);
    byCurrency.set(code, {
      sum: (counted?.sum ?? 0n) - BigInt(row.sum),
      dimension: counted?.dimension ?? row.dimension,
    });
  }
  return {
    balance: [...byCurrency.entries()]
      .sort(([one], [other]) => one.localeCompare(other))
      .map(([code, { sum, dimension }]) => ({
        sum: minorUnitsJson(sum),
        currency: { code, dimension },
      })),
  };
};
