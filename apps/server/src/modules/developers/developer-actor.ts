import type { Database } from '../../db/database.ts';
import { notFoundError } from '../../service-errors.ts';
import {
  type AuthenticatedPerson,
  merchantScopeOf,
  scopeAllows,
  singleMerchantOf,
} from '../auth/auth-entry.ts';
import { merchantExists } from './developer-merchant-repository.ts';

/** Who acts on the Developers screen, and from where (every change is audited). */
export interface DeveloperActor {
  person: AuthenticatedPerson;
  sourceIp: string;
}

/**
 * The merchant a Developers call acts on: merchant staff their own, holders of merchant.rw.all
 * the one they name. Another merchant's records do not exist for the caller (404).
 */
export const actingMerchantOf = (actor: DeveloperActor, merchantId?: number): number =>
  singleMerchantOf(actor.person, merchantId);

/**
 * The merchant a Developers call writes to (a key, a secret, an endpoint): as actingMerchantOf,
 * and it must exist. A holder of merchant.rw.all may name any id, and a row for a merchant that
 * does not exist would otherwise fail on its foreign key (500) instead of answering 404.
 */
export const existingActingMerchantOf = async (
  db: Database,
  actor: DeveloperActor,
  merchantId?: number,
): Promise<number> => {
  const merchant = actingMerchantOf(actor, merchantId);
  if (!(await merchantExists(db, merchant))) throw notFoundError('Merchant not found');
  return merchant;
};

/** Loads a record by id and answers 404 unless it belongs to a merchant the caller may see. */
export const reachableRecord = async <Row extends { merchantId: number }>(
  db: Database,
  actor: DeveloperActor,
  load: (db: Database) => Promise<Row | undefined>,
  notFoundMessage: string,
): Promise<Row> => {
  const row = await load(db);
  if (!row || !scopeAllows(merchantScopeOf(actor.person), row.merchantId)) {
    throw notFoundError(notFoundMessage);
  }
  return row;
};
