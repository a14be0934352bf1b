import { sql } from 'drizzle-orm';
import type { Database } from '../database.ts';

/**
 * Runs `change` with the database's ledger checks off (migration 0018: the commit check of
 * merchant_balances against its last ledger row, and the ledger's append-only rule), for tests
 * that must write what the product never does: a ledger as an older release left it, a row moved
 * to another day, a drifted balance. The checks are on again afterwards, whatever happens.
 */
export const withLedgerChecksOff = async <T>(
  db: Database,
  change: () => Promise<T>,
): Promise<T> => {
  await db.execute(
    sql`ALTER TABLE merchant_balances DISABLE TRIGGER merchant_balances_ledger_check`,
  );
  await db.execute(
    sql`ALTER TABLE balance_movements DISABLE TRIGGER balance_movements_append_only`,
  );
  try {
    return await change();
  } finally {
    await db.execute(
      sql`ALTER TABLE balance_movements ENABLE TRIGGER balance_movements_append_only`,
    );
    await db.execute(
      sql`ALTER TABLE merchant_balances ENABLE TRIGGER merchant_balances_ledger_check`,
    );
  }
};
