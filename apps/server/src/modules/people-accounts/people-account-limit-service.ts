import { validateAccountLimits } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid } from '../../service-errors.ts';
import { recordEvent } from '../audit/audit-entry.ts';
import {
  ACCOUNT_ENTITY_TYPE,
  ACCOUNT_EVENT_CODES,
  describeChanges,
  describeValues,
} from './people-account-events.ts';
import { presentLimits } from './people-account-presenter.ts';
import { type LimitsRow, selectLimits, upsertLimits } from './people-account-repository.ts';
import type { LimitsBody } from './people-account-schemas.ts';
import { type AccountChanger, lockAccount, requireAccount } from './people-account-service.ts';

/**
 * A people account's limits (SPEC §3, §7): limit, priority and checkUniqueAmount are set here;
 * the balance is the payment engine's.
 */

/** The client-settable part of a limits row, as the event log compares it. */
const settable = (row: Pick<LimitsRow, 'limit' | 'priority' | 'checkUniqueAmount'>) => ({
  limit: row.limit.toString(),
  priority: row.priority,
  checkUniqueAmount: row.checkUniqueAmount,
});

/** An account's limits, null until they are set; 404 without the account. */
export const accountLimits = async (db: Database, accountId: number) => {
  await requireAccount(db, accountId);
  const limits = await selectLimits(db, accountId);
  return limits ? presentLimits(limits) : null;
};

/** Sets an account's limits after the SPEC §5 rule; logs what changed (nothing: no row). */
export const setAccountLimits = async (
  db: Database,
  { person, sourceIp }: AccountChanger,
  accountId: number,
  body: LimitsBody,
) => {
  const checked = validateAccountLimits(body);
  if (!checked.ok) throw invalid(checked.errors[0]?.message ?? 'Invalid limits');
  const { limit, priority, checkUniqueAmount } = checked.value;

  const saved = await db.transaction(async (tx) => {
    // The account lock makes "before" below the row this upsert replaces.
    await lockAccount(tx, accountId);
    const before = await selectLimits(tx, accountId);
    const row = await upsertLimits(tx, accountId, {
      limit: BigInt(limit),
      priority,
      checkUniqueAmount,
    });
    const after = settable(row);
    const description = before ? describeChanges(settable(before), after) : describeValues(after);
    if (description !== '') {
      await recordEvent(tx, {
        eventCode: ACCOUNT_EVENT_CODES.limitsChanged,
        description: `Limits of account #${accountId} ${before ? 'changed' : 'set'}: ${description}`,
        personId: person.id,
        entityType: ACCOUNT_ENTITY_TYPE,
        entityId: accountId,
        sourceIp,
      });
    }
    return row;
  });
  return presentLimits(saved);
};
