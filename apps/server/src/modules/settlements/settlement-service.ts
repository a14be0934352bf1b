import { formatMinorUnits } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { stateConflict } from '../../service-errors.ts';
import { recordEvent } from '../audit/audit-entry.ts';
import type { AuthenticatedPerson, MerchantScope } from '../auth/auth-entry.ts';
import { changeMerchantBalance } from '../balances/balances-entry.ts';
import { lockVisibleTerminal } from '../terminals/terminals-entry.ts';
import {
  findCurrency,
  insertSettlement,
  type SettlementRecord,
  terminalBalance,
} from './settlement-repository.ts';

/** Event codes of settlements. */
export const SETTLEMENT_EVENT_CODES = {
  created: 'SETTLEMENT_CREATED',
} as const;

/** Settlements are paid in USDT, counted in micro-USDT (6 decimals), SPEC §3. */
export const SETTLEMENT_CURRENCY = { code: 'USDT', dimension: 6 } as const;

export interface SettlementRequest {
  person: AuthenticatedPerson;
  sourceIp: string;
  /** The merchants whose terminals the caller may settle. */
  scope: MerchantScope;
  terminalId: number;
  /** Taken from the terminal's available balance, in its currency's minor units. */
  baseAmount: bigint;
  /** Paid to the merchant, in micro-USDT. */
  settlementAmount: bigint;
}

/**
 * Pays part of a terminal's available balance out in USDT (SPEC §7, decision 0004), in one
 * transaction that first locks the terminal: settlements of one terminal take turns, and each
 * sees the ones before, so parallel requests never spend the balance twice. 409 when the base
 * amount exceeds the terminal's available balance or the merchant's balance in its currency.
 */
export const createSettlement = async (
  db: Database,
  { person, sourceIp, scope, terminalId, baseAmount, settlementAmount }: SettlementRequest,
): Promise<SettlementRecord> =>
  db.transaction(async (tx) => {
    // The row lock makes settlements of one terminal take turns: each sees the ones before.
    const terminal = await lockVisibleTerminal(tx, scope, terminalId);
    const currency = await findCurrency(tx, terminal.currencyId);
    const code = currency?.code.trim() ?? '';
    const amountText = (minor: bigint) =>
      `${formatMinorUnits(minor, currency?.dimension ?? 0)} ${code}`.trim();

    const { available } = await terminalBalance(tx, terminal);
    if (baseAmount > available) {
      throw stateConflict(
        `Settlement of ${amountText(baseAmount)} exceeds the terminal's available balance ` +
          `of ${amountText(available)}`,
      );
    }
    // The terminal's deposits also fund the merchant's payouts in this currency: queued
    // payouts hold their part of the merchant balance, which a settlement cannot take.
    await changeMerchantBalance(
      tx,
      { merchantId: terminal.merchantId, currencyId: terminal.currencyId },
      { available: -baseAmount, reserved: 0n },
      { requireCover: true, what: 'this settlement' },
    );
    const created = await insertSettlement(tx, {
      merchantId: terminal.merchantId,
      terminalId: terminal.id,
      baseAmount,
      settlementAmount,
      createdBy: person.id,
    });
    await recordEvent(tx, {
      eventCode: SETTLEMENT_EVENT_CODES.created,
      description:
        `Settlement ${created.id} of ${amountText(baseAmount)} for ` +
        `${formatMinorUnits(settlementAmount, SETTLEMENT_CURRENCY.dimension)} ` +
        `${SETTLEMENT_CURRENCY.code} on terminal "${terminal.name}"`,
      personId: person.id,
      merchantId: terminal.merchantId,
      entityType: 'settlement',
      entityId: created.id,
      sourceIp,
    });
    return created;
  });
