import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type SignedCall, signedRequest } from '../../testing/signed-call.ts';
import { MERCHANT_API_PREFIX } from './merchant-api-routes.ts';
import type { MerchantKeys } from './merchant-keys.ts';

/** Sends a merchant API request signed with the merchant's keys. */
export const signedCall = (
  app: FastifyInstance,
  keys: MerchantKeys,
  call: SignedCall,
): Promise<LightMyRequestResponse> =>
  signedRequest(
    app,
    {
      prefix: MERCHANT_API_PREFIX,
      apiKey: keys.clientPublicKey,
      signingSecret: keys.signingSecret,
    },
    call,
  );

/** Keys of a merchant row (tests read them from the database, as a merchant keeps them). */
export const keysOf = (merchant: { clientPublicKey: string; signingSecret: string }) => ({
  clientPublicKey: merchant.clientPublicKey,
  signingSecret: merchant.signingSecret,
});
