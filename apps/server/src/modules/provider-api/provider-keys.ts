import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { providerCredentials, providers } from '../../db/schema.ts';
import { newSigningSecret } from '../../http/request-signing.ts';

/**
 * Issues a new signing secret to a provider (replacing any earlier one at once) and returns it:
 * the only time it is shown. Run by an operator: `pnpm --filter @paygate/server provider-key CODE`.
 */
export const issueProviderSigningSecret = async (
  db: Database,
  providerCode: string,
  signingSecret = newSigningSecret(),
): Promise<string> => {
  const [provider] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.code, providerCode));
  if (!provider) throw new Error(`No provider with the code ${providerCode}`);
  await db
    .insert(providerCredentials)
    .values({ providerId: provider.id, signingSecret })
    .onConflictDoUpdate({
      target: providerCredentials.providerId,
      set: { signingSecret, createdAt: sql`now()` },
    });
  return signingSecret;
};
