import { randomBytes } from 'node:crypto';
import { newSigningSecret } from '../../http/request-signing.ts';

/**
 * A merchant's key pair. The public key names the merchant on every API request (and is shown in
 * the back office); the secret (src/http/request-signing.ts) is shared with the merchant once, at
 * creation, and never again. It signs the merchant's requests and our callbacks to it.
 */
export interface MerchantKeys {
  clientPublicKey: string;
  signingSecret: string;
}

export const newMerchantKeys = (): MerchantKeys => ({
  clientPublicKey: `pk_${randomBytes(16).toString('hex')}`,
  signingSecret: newSigningSecret(),
});
