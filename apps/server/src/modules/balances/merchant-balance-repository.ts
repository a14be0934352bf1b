import {
  type BalancePosition,
  formatMinorUnits,
  hasMovedMoney,
  type InvoiceStatusCode,
} from '@paygate/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { balanceMovements, currencies, merchantBalances } from '../../db/schema.ts';
import { ServiceError } from '../../service-errors.ts';

/** Whose balance: a merchant's money in one currency. */
export interface BalanceKey {
  merchantId: number;
  currencyId: number;
}

/**
 * A payout or settlement the merchant's available balance does not cover: a service error of
 * kind `conflict` (409). The form turns it into a declined payout; back-office calls answer it as
 * it is.
 */
export class InsufficientBalanceError extends ServiceError {
  override name = 'InsufficientBalanceError';
  constructor(
    readonly available: bigint,
    readonly needed: bigint,
    message: string,
  ) {
    super('conflict', message);
  }
}

const describeAmount = async (db: Database, currencyId: number, minor: bigint) => {
  const [currency] = await db
    .select({ code: currencies.code, dimension: currencies.dimension })
    .from(currencies)
    .where(eq(currencies.id, currencyId));
  return currency
    ? `${formatMinorUnits(minor, currency.dimension)} ${currency.code.trim()}`
    : `${minor} minor units`;
};

/** An invoice's state as far as the balance goes: what a ledger row keeps of it, before and after. */
export interface LedgerInvoiceState {
  status: InvoiceStatusCode;
  amount: bigint;
  fee: bigint;
}

/** What moved a balance: the ledger row's cause (balance_movements, decision 0028). */
export type BalanceMovementCause =
  | {
      kind: 'invoice';
      invoice: {
        id: string;
        terminalId: number;
        flowType: 'DEPOSIT' | 'WITHDRAWAL';
        isTestProcessing: boolean;
      };
      /** Null when the invoice enters the ledger in its state (written straight into it). */
      before: LedgerInvoiceState | null;
      after: LedgerInvoiceState;
      personId: number | null;
      /** When it counts; the transaction's time unless the state was written with its own. */
      at?: Date;
    }
  | { kind: 'settlement'; settlementId: number; terminalId: number; personId: number };

const movementColumns = (cause: BalanceMovementCause) => {
  if (cause.kind === 'settlement') {
    return {
      kind: cause.kind,
      terminalId: cause.terminalId,
      settlementId: cause.settlementId,
      personId: cause.personId,
    };
  }
  return {
    kind: cause.kind,
    terminalId: cause.invoice.terminalId,
    invoiceId: cause.invoice.id,
    flowType: cause.invoice.flowType,
    fromStatus: cause.before?.status ?? null,
    toStatus: cause.after.status,
    amountBefore: cause.before?.amount ?? null,
    amountAfter: cause.after.amount,
    feeBefore: cause.before?.fee ?? null,
    feeAfter: cause.after.fee,
    personId: cause.personId,
    ...(cause.at ? { createdAt: cause.at } : {}),
  };
};

/**
 * Whether an invoice change moves what the reports count (moved money: its count, amount and fee)
 * even when the balance stays: a deposit whose fee is its whole amount, a correction whose
 * difference the fee absorbs. Such a change gets a ledger row too.
 */
const movesReportedFigures = (cause: BalanceMovementCause): boolean => {
  // A test payment moves no money and counts in no report.
  if (cause.kind !== 'invoice' || cause.invoice.isTestProcessing) return false;
  const counted = (state: LedgerInvoiceState | null) =>
    state !== null && hasMovedMoney({ flowType: cause.invoice.flowType, status: state.status });
  const before = counted(cause.before);
  const after = counted(cause.after);
  if (before !== after) return true;
  return (
    after && (cause.before?.amount !== cause.after.amount || cause.before?.fee !== cause.after.fee)
  );
};

/**
 * Adds `change` to a merchant's balance inside the caller's transaction, and writes the ledger row
 * saying why (`cause`) and what the balance is after it. With `requireCover` the change is made
 * only if `available` stays at or above zero, in one conditional UPDATE: the row lock it takes
 * makes concurrent payouts and settlements of one merchant and currency take turns, and each sees
 * what the one before it left; the ledger row is written under that lock, so one balance's rows
 * follow each other in id order. Throws InsufficientBalanceError (naming the payout or the
 * settlement) when it is not covered, and writes nothing.
 */
export const changeMerchantBalance = async (
  tx: Database,
  key: BalanceKey,
  change: BalancePosition,
  { requireCover, cause }: { requireCover: boolean; cause: BalanceMovementCause },
): Promise<void> => {
  if (change.available === 0n && change.reserved === 0n && !movesReportedFigures(cause)) return;
  await tx.insert(merchantBalances).values(key).onConflictDoNothing();
  const [updated] = await tx
    .update(merchantBalances)
    .set({
      available: sql`${merchantBalances.available} + ${change.available}`,
      reserved: sql`${merchantBalances.reserved} + ${change.reserved}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(merchantBalances.merchantId, key.merchantId),
        eq(merchantBalances.currencyId, key.currencyId),
        requireCover ? sql`${merchantBalances.available} + ${change.available} >= 0` : undefined,
      ),
    )
    .returning({ available: merchantBalances.available, reserved: merchantBalances.reserved });
  if (updated) {
    await tx.insert(balanceMovements).values({
      ...key,
      ...movementColumns(cause),
      availableChange: change.available,
      reservedChange: change.reserved,
      availableAfter: updated.available,
      reservedAfter: updated.reserved,
    });
    return;
  }
  const available = await readMerchantBalance(tx, key).then((balance) => balance.available);
  const needed = -change.available;
  const what = cause.kind === 'settlement' ? 'this settlement' : 'this payout';
  throw new InsufficientBalanceError(
    available,
    needed,
    `The merchant's available balance of ${await describeAmount(tx, key.currencyId, available)} does not cover ${what} of ${await describeAmount(tx, key.currencyId, needed)}`,
  );
};

/** A merchant's balance in one currency; zero when nothing ever moved. */
export const readMerchantBalance = async (
  db: Database,
  key: BalanceKey,
): Promise<BalancePosition> => {
  const [row] = await db
    .select({ available: merchantBalances.available, reserved: merchantBalances.reserved })
    .from(merchantBalances)
    .where(
      and(
        eq(merchantBalances.merchantId, key.merchantId),
        eq(merchantBalances.currencyId, key.currencyId),
      ),
    );
  return row ?? { available: 0n, reserved: 0n };
};

/**
 * What each production invoice in its current state and each settlement has moved, one row each,
 * by the rule of balancePosition (packages/domain/src/money/merchant-balance.ts) written in SQL,
 * with what a ledger row keeps of it (balance_movements). Migrations 0003 and 0018 ran the same
 * rule.
 */
const movementsFromInvoicesSql = sql`
  SELECT merchant_id, currency_id, 'invoice' AS kind, terminal_id, id AS invoice_id,
    NULL::integer AS settlement_id, flow_type, status AS to_status, amount AS amount_after,
    fee AS fee_after,
    CASE
      WHEN flow_type = 'DEPOSIT' AND status = 'DONE' THEN amount - fee
      WHEN flow_type = 'WITHDRAWAL' AND status IN ('IN_PROGRESS', 'PAYED', 'DONE')
        THEN -(amount + fee)
      ELSE 0
    END AS available_change,
    CASE WHEN flow_type = 'WITHDRAWAL' AND status = 'IN_PROGRESS' THEN amount + fee ELSE 0 END
      AS reserved_change,
    NULL::integer AS person_id, status_date AS at
  FROM invoices
  WHERE NOT is_test_processing
  UNION ALL
  SELECT s.merchant_id, t.currency_id, 'settlement', s.terminal_id, NULL, s.id, NULL, NULL, NULL,
    NULL, -s.base_amount, 0, s.created_by, s.created_at
  FROM settlements s JOIN terminals t ON t.id = s.terminal_id`;

/**
 * Every balance recomputed from the production invoices and the settlements. For checking that
 * the kept balances never drift (tests, the kill test).
 */
export const merchantBalancesFromInvoicesSql = sql`
  SELECT merchant_id, currency_id,
         sum(available_change)::bigint AS available, sum(reserved_change)::bigint AS reserved
  FROM (${movementsFromInvoicesSql}) AS moves
  GROUP BY merchant_id, currency_id`;

/**
 * Opens the ledger of a database whose invoices and settlements were written around the engine
 * (the demo seed): one row per production invoice whose state holds money or counts as moved
 * money, at its status date, and one per settlement, in time order with running balances; then
 * sets every merchant's kept balance to its ledger's. Migration 0018 opened the ledger of existing data with the same
 * statement. Refuses a database whose ledger has rows: those balances already have a history. One
 * transaction (a savepoint inside the caller's): all of it or nothing.
 */
export const openBalanceLedger = async (db: Database): Promise<void> => {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: balanceMovements.id }).from(balanceMovements).limit(1);
    if (existing) throw new Error('the balance ledger is already open');
    await openLedgerRows(tx);
  });
};

const openLedgerRows = async (db: Database) => {
  await db.execute(sql`
    INSERT INTO balance_movements (
      merchant_id, currency_id, kind, terminal_id, invoice_id, settlement_id, flow_type, to_status,
      amount_after, fee_after, available_change, reserved_change, available_after, reserved_after,
      person_id, created_at)
    SELECT merchant_id, currency_id, kind, terminal_id, invoice_id, settlement_id, flow_type,
      to_status, amount_after, fee_after, available_change, reserved_change,
      sum(available_change) OVER running, sum(reserved_change) OVER running, person_id, at
    FROM (${movementsFromInvoicesSql}) AS opening
    WHERE available_change <> 0 OR reserved_change <> 0
      OR (flow_type = 'DEPOSIT' AND to_status = 'DONE')
      OR (flow_type = 'WITHDRAWAL' AND to_status IN ('PAYED', 'DONE'))
    WINDOW running AS (PARTITION BY merchant_id, currency_id ORDER BY at, invoice_id, settlement_id
      ROWS UNBOUNDED PRECEDING)
    ORDER BY at, invoice_id, settlement_id`);
  await db.execute(sql`
    INSERT INTO merchant_balances (merchant_id, currency_id, available, reserved)
    SELECT merchant_id, currency_id, sum(available_change)::bigint, sum(reserved_change)::bigint
    FROM balance_movements GROUP BY merchant_id, currency_id
    ON CONFLICT (merchant_id, currency_id)
    DO UPDATE SET available = excluded.available, reserved = excluded.reserved, updated_at = now()`);
};

/**
 * Where the ledger and the kept balances disagree (none should): a row whose balance after is not
 * the row before it plus its change, or a kept balance that is not its last row's. For the kill
 * test and the ledger's tests; each finding is a merchant, a currency, the row and what is wrong.
 */
export const balanceLedgerDisagreementsSql = sql`
  SELECT merchant_id, currency_id, id, problem FROM (
    SELECT merchant_id, currency_id, id,
      CASE WHEN available_after - available_change
                  <> coalesce(lag(available_after) OVER chain, 0)
             OR reserved_after - reserved_change <> coalesce(lag(reserved_after) OVER chain, 0)
        THEN 'does not follow the row before it' END AS problem
    FROM balance_movements
    WINDOW chain AS (PARTITION BY merchant_id, currency_id ORDER BY id)
  ) AS chained
  WHERE problem IS NOT NULL
  UNION ALL
  SELECT coalesce(kept.merchant_id, last.merchant_id), coalesce(kept.currency_id, last.currency_id),
    last.id, 'the kept balance is not its last row''s'
  FROM merchant_balances kept
  FULL JOIN (
    SELECT DISTINCT ON (merchant_id, currency_id)
      merchant_id, currency_id, id, available_after, reserved_after
    FROM balance_movements
    ORDER BY merchant_id, currency_id, id DESC
  ) AS last ON last.merchant_id = kept.merchant_id AND last.currency_id = kept.currency_id
  WHERE coalesce(kept.available, 0) <> coalesce(last.available_after, 0)
     OR coalesce(kept.reserved, 0) <> coalesce(last.reserved_after, 0)`;
