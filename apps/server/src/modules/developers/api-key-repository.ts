import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { apiKeys, people } from '../../db/schema.ts';

/** Merchants' API keys: SQL only; times are the database clock. */

export type ApiKeyRecord = typeof apiKeys.$inferSelect;

const listedColumns = {
  id: apiKeys.id,
  merchantId: apiKeys.merchantId,
  label: apiKeys.label,
  publicKey: apiKeys.publicKey,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  createdBy: people.username,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

export type ListedApiKey = {
  id: number;
  merchantId: number;
  label: string;
  publicKey: string;
  scopes: string[];
  createdAt: Date;
  createdBy: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** A merchant's keys, newest first, revoked ones too. */
export const listApiKeys = (db: Database, merchantId: number): Promise<ListedApiKey[]> =>
  db
    .select(listedColumns)
    .from(apiKeys)
    .leftJoin(people, eq(people.id, apiKeys.createdBy))
    .where(eq(apiKeys.merchantId, merchantId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

export const findApiKey = async (
  db: Database,
  keyId: number,
): Promise<ListedApiKey | undefined> => {
  const [key] = await db
    .select(listedColumns)
    .from(apiKeys)
    .leftJoin(people, eq(people.id, apiKeys.createdBy))
    .where(eq(apiKeys.id, keyId));
  return key;
};

/** How many live keys a merchant has. */
export const countLiveApiKeys = async (db: Database, merchantId: number): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.merchantId, merchantId), isNull(apiKeys.revokedAt)));
  return row?.count ?? 0;
};

export const insertApiKey = async (
  tx: Database,
  values: typeof apiKeys.$inferInsert,
): Promise<ApiKeyRecord> => {
  const [key] = await tx.insert(apiKeys).values(values).returning();
  if (!key) throw new Error('api key insert returned nothing');
  return key;
};

/** Revokes a live key; false when it was already revoked. */
export const revokeApiKeyRow = async (
  tx: Database,
  keyId: number,
  personId: number,
): Promise<boolean> => {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedBy: personId })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
};
