import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { providerCredentials, providers } from '../../db/schema.ts';

/** Providers' signing secrets (provider_credentials): SQL only. */

/** The provider with this code and its signing secret; none without an issued secret. */
export const findProviderSigner = async (db: Database, providerCode: string) => {
  const [provider] = await db
    .select({
      id: providers.id,
      code: providers.code,
      signingSecret: providerCredentials.signingSecret,
    })
    .from(providers)
    .innerJoin(providerCredentials, eq(providerCredentials.providerId, providers.id))
    .where(eq(providers.code, providerCode));
  return provider;
};

export const findProviderIdByCode = async (
  db: Database,
  providerCode: string,
): Promise<number | undefined> => {
  const [provider] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.code, providerCode));
  return provider?.id;
};

/** Stores the provider's signing secret, replacing any earlier one. */
export const saveProviderSigningSecret = async (
  db: Database,
  providerId: number,
  signingSecret: string,
): Promise<void> => {
  await db
    .insert(providerCredentials)
    .values({ providerId, signingSecret })
    .onConflictDoUpdate({
      target: providerCredentials.providerId,
      set: { signingSecret, createdAt: sql`now()` },
    });
};
