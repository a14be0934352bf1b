import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { merchants } from '../../db/schema.ts';

/** Merchants' API keys: SQL only. */

/** The merchant whose clientPublicKey this is, with its signing secret. */
export const findMerchantSigner = async (db: Database, clientPublicKey: string) => {
  const [merchant] = await db
    .select({ id: merchants.id, name: merchants.name, signingSecret: merchants.signingSecret })
    .from(merchants)
    .where(eq(merchants.clientPublicKey, clientPublicKey));
  return merchant;
};
