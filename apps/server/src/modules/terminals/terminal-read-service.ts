import { canReadTerminalAttributes } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { notFoundError } from '../../service-errors.ts';
import {
  type AuthenticatedPerson,
  type MerchantScope,
  merchantScopeOf,
  scopeAllows,
} from '../auth/auth-entry.ts';
import { presentAttribute, presentTerminal, presentTerminalPool } from './terminal-presenter.ts';
import {
  lockTerminalRow,
  selectProviders,
  selectTerminalAttributes,
  selectTerminalPools,
  selectTerminalsWithCurrency,
  selectTerminalWithCurrency,
  type TerminalRecord,
} from './terminal-repository.ts';

/**
 * Reads of terminals within the caller's merchant scope: a terminal of a merchant outside it
 * answers like one that does not exist (404), so ids cannot be probed. Also the terminal pools
 * and the providers, which the report and account selects list.
 */

export const TERMINAL_NOT_FOUND = 'Terminal not found';

/** The terminals of the merchants in scope, by merchant and id. */
export const listTerminals = async (db: Database, scope: MerchantScope) =>
  (await selectTerminalsWithCurrency(db, scope)).map((row) =>
    presentTerminal(row.terminal, row.currency),
  );

export const listTerminalPools = async (db: Database) =>
  (await selectTerminalPools(db)).map(presentTerminalPool);

export const listProviders = (db: Database) => selectProviders(db);

/**
 * One terminal for the caller: 404 when it does not exist or belongs to a merchant outside the
 * caller's scope (the same answer, so ids cannot be probed). Attributes only for holders of
 * terminal.attr.read; for others the field is left out rather than empty, so "no attributes"
 * and "not allowed to see them" never look alike.
 */
export const presentVisibleTerminal = async (
  db: Database,
  person: AuthenticatedPerson,
  terminalId: number,
  scope: MerchantScope = merchantScopeOf(person),
) => {
  const row = await selectTerminalWithCurrency(db, terminalId);
  if (!row || !scopeAllows(scope, row.terminal.merchantId)) {
    throw notFoundError(TERMINAL_NOT_FOUND);
  }
  const terminal = presentTerminal(row.terminal, row.currency);
  if (!canReadTerminalAttributes(person)) return terminal;
  const attributes = await selectTerminalAttributes(db, terminalId);
  return { ...terminal, attributes: attributes.map(presentAttribute) };
};

/**
 * Reads a terminal and locks its row until the transaction ends, so changes to one terminal
 * (and settlements against its balance) queue up. 404 outside the caller's scope.
 */
export const lockVisibleTerminal = async (
  tx: Database,
  scope: MerchantScope,
  terminalId: number,
): Promise<TerminalRecord> => {
  const terminal = await lockTerminalRow(tx, terminalId);
  if (!terminal || !scopeAllows(scope, terminal.merchantId)) {
    throw notFoundError(TERMINAL_NOT_FOUND);
  }
  return terminal;
};
