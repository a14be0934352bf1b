import { validateEntityName } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, notFoundError } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import { type AuthenticatedPerson, merchantScopeOf, scopeAllows } from '../auth/auth-entry.ts';
import { issueFirstCredentials } from '../developers/developers-entry.ts';
import { newMerchantKeys } from '../merchant-api/merchant-api-entry.ts';
import { presentMerchant } from './merchant-presenter.ts';
import {
  countMerchants,
  findMerchant,
  insertMerchant,
  selectMerchantIdPage,
  terminalsOfMerchant,
  updateMerchantName,
} from './merchant-repository.ts';

/** Merchants (SPEC §7): one, a page of them, rename and create, each change logged. */

const MERCHANT_NOT_FOUND = 'Merchant not found';

/** Who changes a merchant, and from where (for the event log). */
export interface MerchantChanger {
  person: AuthenticatedPerson;
  sourceIp: string;
}

/** A merchant with its public key and terminals; 404 when there is none. */
export const merchantDetails = async (db: Database, merchantId: number) => {
  const merchant = await findMerchant(db, merchantId);
  if (!merchant) throw notFoundError(MERCHANT_NOT_FOUND);
  return presentMerchant(merchant, await terminalsOfMerchant(db, merchantId));
};

/** One page of every merchant, by id, with the total. */
export const listMerchants = async (
  db: Database,
  { page, size }: { page: number; size: number },
) => {
  const ids = await selectMerchantIdPage(db, { limit: size, offset: page * size });
  const total = await countMerchants(db);
  const items = await Promise.all(ids.map((id) => merchantDetails(db, id)));
  return { items, page, size, total };
};

/**
 * Renames a merchant the caller may see (another merchant answers 404, as for none), after the
 * SPEC §5 name rule.
 */
export const renameMerchant = async (
  db: Database,
  { person, sourceIp }: MerchantChanger,
  merchantId: number,
  requestedName: string,
): Promise<void> => {
  if (!scopeAllows(merchantScopeOf(person), merchantId)) throw notFoundError(MERCHANT_NOT_FOUND);
  const message = validateEntityName(requestedName);
  if (message) throw invalid(message);
  const name = requestedName.trim();
  await db.transaction(async (tx) => {
    if (!(await updateMerchantName(tx, merchantId, name))) {
      throw notFoundError(MERCHANT_NOT_FOUND);
    }
    await recordEvent(tx, {
      eventCode: EVENT_CODES.merchantRenamed,
      description: `Merchant renamed to "${name}"`,
      personId: person.id,
      merchantId,
      entityType: 'merchant',
      entityId: merchantId,
      sourceIp,
    });
  });
};

/**
 * Creates a merchant with its first API key and webhook secret (decisions 0002, 0021); answers
 * its id, the key's secret and the webhook secret. The key's secret leaves the server only this
 * once; the webhook secret can be revealed again on the Developers screen.
 */
export const createMerchant = async (
  db: Database,
  { person, sourceIp }: MerchantChanger,
  requestedName: string,
): Promise<{ merchantId: number; signingSecret: string; webhookSecret: string }> => {
  const message = validateEntityName(requestedName);
  if (message) throw invalid(message);
  const keys = newMerchantKeys();
  let webhookSecret = '';
  const merchant = await db.transaction(async (tx) => {
    const created = await insertMerchant(tx, {
      name: requestedName.trim(),
      clientPublicKey: keys.clientPublicKey,
    });
    ({ webhookSecret } = await issueFirstCredentials(tx, created.id, keys, {
      createdBy: person.id,
    }));
    await recordEvent(tx, {
      eventCode: EVENT_CODES.merchantCreated,
      description: `Merchant "${created.name}" created`,
      personId: person.id,
      merchantId: created.id,
      entityType: 'merchant',
      entityId: created.id,
      sourceIp,
    });
    return created;
  });
  return { merchantId: merchant.id, signingSecret: keys.signingSecret, webhookSecret };
};
