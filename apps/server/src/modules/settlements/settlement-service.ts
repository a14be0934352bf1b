import { formatMinorUnits } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { stateConflict } from '../../service-errors.ts';
import { recordEvent } from '../audit/audit-entry.ts';
import type { AuthenticatedPerson, MerchantScope } from '../auth/auth-entry.ts';
import { changeMerchantBalance } from '../balances/balances-entry.ts';
import { claimIdempotencyKey, idempotencyRequestHash } from '../idempotency/idempotency-entry.ts';
import { lockVisibleTerminal } from '../terminals/terminals-entry.ts';
import {
  findCurrency,
  findSettlement,
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
  /**
   * The caller's key for this settlement (the back office's dialog sends one): a retry with the
   * same key and the same request settles nothing more and gets the first settlement.
   */
  idempotencyKey?: string | undefined;
}

export interface CreatedSettlement {
  settlement: SettlementRecord;
  /** True when the key's earlier request made the settlement and this one only read it. */
  replayed: boolean;
}

/**
 * What "the same request" is for a settlement's key: the same person settling the same amounts
 * on the same terminal. Another person's request under the key is a different request (409).
 */
const settlementRequestHash = (
  personId: number,
  { terminalId, baseAmount, settlementAmount }: SettlementRequest,
) =>
  idempotencyRequestHash(
    'POST',
    'settlement',
    Buffer.from(
      JSON.stringify({
        personId,
        terminalId,
        baseAmount: String(baseAmount),
        settlementAmount: String(settlementAmount),
      }),
    ),
  );

/** The stored answer of a settlement's key names the settlement it made. */
const settledIdOf = (body: unknown): number => {
  const id = (body as { settlementId?: unknown } | null)?.settlementId;
  if (typeof id !== 'number') throw new Error('settlement idempotency key without a settlement');
  return id;
};

/**
 * Pays part of a terminal's available balance out in USDT (SPEC §7, decision 0004), in one
 * transaction that first locks the terminal: settlements of one terminal take turns, and each
 * sees the ones before, so parallel requests never spend the balance twice. 409 when the base
 * amount exceeds the terminal's available balance or the merchant's balance in its currency.
 *
 * With an idempotency key, the key is claimed after the terminal's lock, waiting for a request
 * still running with it: a retry sent meanwhile waits for the first and then gets its settlement
 * (decision 0004).
 */
export const createSettlement = async (
  db: Database,
  request: SettlementRequest,
): Promise<CreatedSettlement> =>
  db.transaction(async (tx) => {
    const { person, sourceIp, scope, terminalId, baseAmount, settlementAmount } = request;
    // The row lock makes settlements of one terminal take turns: each sees the ones before.
    const terminal = await lockVisibleTerminal(tx, scope, terminalId);
    const key = request.idempotencyKey
      ? await claimIdempotencyKey(
          tx,
          {
            merchantId: terminal.merchantId,
            key: request.idempotencyKey,
            requestHash: settlementRequestHash(person.id, request),
          },
          { waitForRunning: true },
        )
      : null;
    if (key?.replayed) {
      const earlier = await findSettlement(tx, settledIdOf(key.response.body), terminal.id);
      if (!earlier) throw new Error('settlement idempotency key names a missing settlement');
      return { settlement: earlier, replayed: true };
    }
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
    const created = await insertSettlement(tx, {
      merchantId: terminal.merchantId,
      terminalId: terminal.id,
      baseAmount,
      settlementAmount,
      createdBy: person.id,
    });
    // The terminal's deposits also fund the merchant's payouts in this currency: queued
    // payouts hold their part of the merchant balance, which a settlement cannot take. Refused,
    // it throws and the transaction takes the settlement back.
    await changeMerchantBalance(
      tx,
      { merchantId: terminal.merchantId, currencyId: terminal.currencyId },
      { available: -baseAmount, reserved: 0n },
      {
        requireCover: true,
        cause: {
          kind: 'settlement',
          settlementId: created.id,
          terminalId: terminal.id,
          personId: person.id,
        },
      },
    );
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
    await key?.store({ statusCode: 201, body: { settlementId: created.id } });
    return { settlement: created, replayed: false };
  });
