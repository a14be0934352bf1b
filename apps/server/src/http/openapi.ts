import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { MERCHANT_API_SECURITY_SCHEMES } from '../modules/merchant-api/merchant-auth.ts';
import { PROVIDER_API_SECURITY_SCHEMES } from '../modules/provider-api/provider-auth.ts';
import { contentSecurityPolicyHeader } from './security-headers.ts';

/** The docs UI is a front-end page of our origin: the back office's policy fits it. */
const SWAGGER_UI_CSP = contentSecurityPolicyHeader({ kind: 'backoffice' });

/**
 * The OpenAPI 3 document, generated from the routes' JSON schemas, at /api/openapi.json, and a
 * browsable UI at /api/docs. Registered before the routes so it sees every one of them.
 */
export const registerOpenApi = async (app: FastifyInstance): Promise<void> => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Paygate API',
        description:
          'Back-office API (/api/v1, /api/router/v1, /api/data/v1), hosted payment form API ' +
          '(/api/payments), merchant API (/api/merchant/v1) and provider API (/api/provider/v1). Back-office calls authenticate with the jwt cookie.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'jwt' },
          ...MERCHANT_API_SECURITY_SCHEMES,
          ...PROVIDER_API_SECURITY_SCHEMES,
        },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The UI's own policy replaces the listener's (default-src 'none' on the API would blank it):
    // its scripts are files of its own; Swagger UI sets inline styles.
    staticCSP: SWAGGER_UI_CSP,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
