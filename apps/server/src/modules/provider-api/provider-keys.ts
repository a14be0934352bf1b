import type { Database } from '../../db/database.ts';
import { newSigningSecret } from '../../http/request-signing.ts';
import {
  findProviderIdByCode,
  saveProviderSigningSecret,
} from './provider-credential-repository.ts';

/**
 * Issues a new signing secret to a provider (replacing any earlier one at once) and returns it:
 * the only time it is shown. Run by an operator: `pnpm --filter @paygate/server provider-key CODE`.
 */
export const issueProviderSigningSecret = async (
  db: Database,
  providerCode: string,
  signingSecret = newSigningSecret(),
): Promise<string> => {
  const providerId = await findProviderIdByCode(db, providerCode);
  if (providerId === undefined) throw new Error(`No provider with the code ${providerCode}`);
  await saveProviderSigningSecret(db, providerId, signingSecret);
  return signingSecret;
};
