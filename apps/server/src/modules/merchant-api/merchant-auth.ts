import type { ApiKeyScope } from '@paygate/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { forbidden } from '../../http/http-errors.ts';
import {
  registerSignedRequestAuthentication,
  signedRequestSecurity,
} from '../../http/signed-request-auth.ts';
import { findMerchantSigner, touchApiKey } from './merchant-credential-repository.ts';

const MERCHANT_API_SIGNATURE = signedRequestSecurity('merchant', {
  audience: 'Merchant API',
  keyDescription: 'the public key (pk_…) of an API key, made on the Developers screen.',
  guide: 'docs/merchant-api.md',
});

/** OpenAPI security schemes and requirement of the merchant API. */
export const MERCHANT_API_SECURITY_SCHEMES = MERCHANT_API_SIGNATURE.schemes;
export const MERCHANT_API_SECURITY = MERCHANT_API_SIGNATURE.requirement;

/** The merchant a signed request speaks for, and what its key may do. */
export interface ApiMerchant {
  id: number;
  name: string;
  keyId: number;
  scopes: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API key scope a merchant API route needs (issue 23, decision 0021). */
    merchantScope?: ApiKeyScope;
  }
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
 * Authenticates every route of the merchant API scope: X-Api-Key is the public key of a live
 * API key, and the request is signed with that key's secret. A route's `merchantScope` must be
 * among the key's scopes (403 otherwise); each use stamps the key's last use (once a minute).
 */
export const registerMerchantAuthentication = (
  scope: FastifyInstance,
  { db, now }: { db: Database; now?: () => number },
): void => {
  scope.decorateRequest('apiMerchant', null);
  // Fail closed: a route that forgot its scope would be open to every key.
  scope.addHook('onRoute', (route) => {
    if (!route.config?.merchantScope) {
      throw new Error(`merchant API route ${route.method} ${route.url} declares no merchantScope`);
    }
  });
  registerSignedRequestAuthentication<ApiMerchant>(scope, {
    label: 'merchant API',
    ...(now ? { now } : {}),
    findSigner: async (apiKey) => {
      const merchant = await findMerchantSigner(db, apiKey);
      return merchant
        ? {
            principal: {
              id: merchant.id,
              name: merchant.name,
              keyId: merchant.keyId,
              scopes: merchant.scopes,
            },
            signingSecret: merchant.signingSecret,
          }
        : undefined;
    },
    onVerified: (request, merchant) => {
      request.apiMerchant = merchant;
    },
  });
  // After the signature check (registered before this hook), before the body's validation: a
  // key without the scope hears 403 whatever it sent.
  scope.addHook('preValidation', async (request) => {
    const merchant = requireApiMerchant(request);
    const needed = request.routeOptions.config.merchantScope;
    if (!needed || !merchant.scopes.includes(needed)) {
      throw forbidden(`This API key lacks the ${needed} scope`, 'insufficient_scope');
    }
  });
  // Once the request is valid too: a refused request leaves no trace (input-fuzzing.test.ts).
  scope.addHook('preHandler', async (request) => {
    await touchApiKey(db, requireApiMerchant(request).keyId);
  });
};
