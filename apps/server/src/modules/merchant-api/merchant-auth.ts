import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import {
  registerSignedRequestAuthentication,
  signedRequestSecurity,
} from '../../http/signed-request-auth.ts';
import { findMerchantSigner } from './merchant-credential-repository.ts';

const MERCHANT_API_SIGNATURE = signedRequestSecurity('merchant', {
  audience: 'Merchant API',
  keyDescription: 'the merchant’s clientPublicKey (pk_…), shown in the back office.',
  guide: 'docs/merchant-api.md',
});

/** OpenAPI security schemes and requirement of the merchant API. */
export const MERCHANT_API_SECURITY_SCHEMES = MERCHANT_API_SIGNATURE.schemes;
export const MERCHANT_API_SECURITY = MERCHANT_API_SIGNATURE.requirement;

/** The merchant a signed request speaks for. */
export interface ApiMerchant {
  id: number;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the merchant API's authentication once the signature is verified; null elsewhere. */
    apiMerchant: ApiMerchant | null;
  }
}

/** The authenticated merchant of a merchant API route. */
export const requireApiMerchant = (request: FastifyRequest): ApiMerchant => {
  if (!request.apiMerchant) throw new Error('requireApiMerchant used outside the merchant API');
  return request.apiMerchant;
};

/**
 * Authenticates every route of the merchant API scope: X-Api-Key is the merchant's
 * clientPublicKey, and the request is signed with the merchant's secret.
 */
export const registerMerchantAuthentication = (
  scope: FastifyInstance,
  { db, now }: { db: Database; now?: () => number },
): void => {
  scope.decorateRequest('apiMerchant', null);
  registerSignedRequestAuthentication<ApiMerchant>(scope, {
    label: 'merchant API',
    ...(now ? { now } : {}),
    findSigner: async (apiKey) => {
      const merchant = await findMerchantSigner(db, apiKey);
      return merchant
        ? {
            principal: { id: merchant.id, name: merchant.name },
            signingSecret: merchant.signingSecret,
          }
        : undefined;
    },
    onVerified: (request, merchant) => {
      request.apiMerchant = merchant;
    },
  });
};
