import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import {
  registerSignedRequestAuthentication,
  signedRequestSecurity,
} from '../../http/signed-request-auth.ts';
import { findProviderSigner } from './provider-credential-repository.ts';

const PROVIDER_API_SIGNATURE = signedRequestSecurity('provider', {
  audience: 'Provider API',
  keyDescription: 'the provider’s code (e.g. SANDBOX).',
  guide: 'docs/provider-api.md',
});

/** OpenAPI security schemes and requirement of the provider API. */
export const PROVIDER_API_SECURITY_SCHEMES = PROVIDER_API_SIGNATURE.schemes;
export const PROVIDER_API_SECURITY = PROVIDER_API_SIGNATURE.requirement;

/** The provider a signed request speaks for. */
export interface ApiProvider {
  id: number;
  code: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the provider API's authentication once the signature is verified; null elsewhere. */
    apiProvider: ApiProvider | null;
  }
}

export const requireApiProvider = (request: FastifyRequest): ApiProvider => {
  if (!request.apiProvider) throw new Error('requireApiProvider used outside the provider API');
  return request.apiProvider;
};

/**
 * Authenticates every route of the provider API scope: X-Api-Key is the provider's code, and the
 * request is signed with the secret issued to it (provider_credentials). A provider without an
 * issued secret cannot call at all.
 */
export const registerProviderAuthentication = (
  scope: FastifyInstance,
  { db, now }: { db: Database; now?: () => number },
): void => {
  scope.decorateRequest('apiProvider', null);
  registerSignedRequestAuthentication<ApiProvider>(scope, {
    label: 'provider API',
    ...(now ? { now } : {}),
    findSigner: async (apiKey) => {
      const provider = await findProviderSigner(db, apiKey);
      return provider
        ? {
            principal: { id: provider.id, code: provider.code },
            signingSecret: provider.signingSecret,
          }
        : undefined;
    },
    onVerified: (request, provider) => {
      request.apiProvider = provider;
    },
  });
};
