import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { apiKeys, merchants } from '../../db/schema.ts';

/** The API keys a signed request names (issue 23, decision 0021): SQL only. */

/** last_used_at is written at most this often: not one write per request. */
const LAST_USED_RESOLUTION_SECONDS = 60;

/** The live (not revoked) key a public key names, with its merchant and scopes. */
export const findMerchantSigner = async (db: Database, publicKey: string) => {
  const [key] = await db
    .select({
      keyId: apiKeys.id,
      signingSecret: apiKeys.secret,
      scopes: apiKeys.scopes,
      id: merchants.id,
      name: merchants.name,
    })
    .from(apiKeys)
    .innerJoin(merchants, eq(merchants.id, apiKeys.merchantId))
    .where(and(eq(apiKeys.publicKey, publicKey), isNull(apiKeys.revokedAt)));
  return key;
};

/** Stamps a key's last use, unless that was done within the last minute. */
export const touchApiKey = async (db: Database, keyId: number): Promise<void> => {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(
          isNull(apiKeys.lastUsedAt),
          sql`${apiKeys.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_RESOLUTION_SECONDS})`,
        ),
      ),
    );
};
