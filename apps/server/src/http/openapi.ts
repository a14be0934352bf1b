import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { isBackOfficeRoute } from '../modules/auth/access-control.ts';
import { WEBHOOKS_OPENAPI } from '../modules/callbacks/webhook-openapi.ts';
import { MERCHANT_API_SECURITY_SCHEMES } from '../modules/merchant-api/merchant-auth.ts';
import { PROVIDER_API_SECURITY_SCHEMES } from '../modules/provider-api/provider-auth.ts';
import { errorResponseSchema } from './problem-details.ts';
import { contentSecurityPolicyHeader } from './security-headers.ts';
import { addEverySharedSchema } from './shared-schemas.ts';

/** The docs UI is a front-end page of our origin: the back office's policy fits it. */
const SWAGGER_UI_CSP = contentSecurityPolicyHeader({ kind: 'backoffice' });

/** Name of the back office's session scheme (the jwt cookie) in the document. */
export const SESSION_COOKIE_SCHEME = 'sessionCookie';

/** The security requirement of a back-office route that needs a signed-in person. */
export const SESSION_SECURITY = [{ [SESSION_COOKIE_SCHEME]: [] }];

/**
 * `servers`: relative, so the document (and the UI's "Try it out") addresses the server that
 * published it, whatever its host: `npm start` serves it on http://127.0.0.1:3000, a deployment
 * behind its own name.
 */
export const OPENAPI_SERVERS = [
  {
    url: '/',
    description:
      'The server that publishes this document (same origin); http://127.0.0.1:3000 under `npm start`.',
  },
];

/** operationIds are camelCase words: listInvoices, createMerchantInvoice. */
const OPERATION_ID_PATTERN = /^[a-z][a-zA-Z0-9]*$/;

type OpenApiSchema = FastifySchema & {
  hide?: boolean;
  operationId?: string;
  security?: readonly Record<string, readonly string[]>[];
  response?: Record<string, unknown>;
};

const describeRoute = (route: RouteOptions) =>
  `${Array.isArray(route.method) ? route.method.join(',') : route.method} ${route.url}`;

/**
 * Who may call a route, as the document says it: a back-office route's access rule decides
 * (decision 0003: public, or a signed-in person — the jwt cookie); any other route states its
 * requirement in its schema: the merchant and provider APIs their signed-request schemes, the
 * public ones (the payment form, /api/health) `security: []`. A route with neither, or with
 * both, cannot be documented: the document build throws, so no route is published without it.
 */
const securityOf = (route: RouteOptions, schema: OpenApiSchema) => {
  const access = route.config?.access;
  if (access && schema.security) {
    throw new Error(
      `${describeRoute(route)} has an access rule and a schema.security: the access rule decides`,
    );
  }
  if (access) return 'public' in access ? [] : SESSION_SECURITY;
  if (schema.security) return schema.security;
  throw new Error(
    `${describeRoute(route)} declares neither an access rule (config.access) nor an OpenAPI ` +
      'security requirement (schema.security; [] for a public route)',
  );
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The answers a back-office route can give before its handler runs: 401 without a valid session
 * and 403 without the route's permissions (access-control.ts), 403 for a cross-site
 * state-changing call (cross-site-request-guard.ts). Documented on every such route that does
 * not list them itself; in the document only, the route's serializer is untouched.
 */
const guardResponsesOf = (route: RouteOptions): Record<string, unknown> => {
  const access = route.config?.access;
  if (!access || !isBackOfficeRoute(route.url)) return {};
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const crossSiteGuarded = methods.some((method) => !SAFE_METHODS.has(method));
  const signedIn = !('public' in access);
  const needsPermission =
    'anyOf' in access || ('permissions' in access && access.permissions.length > 0);
  return {
    ...(signedIn ? { 401: errorResponseSchema } : {}),
    ...(needsPermission || crossSiteGuarded ? { 403: errorResponseSchema } : {}),
  };
};

/**
 * Completes each operation from its route: the operationId the route's schema names (required:
 * a route without one stops the document build, so every new route names its own), the security
 * requirement its access rule implies and the answers of the guards before its handler.
 */
const completeOperation: SwaggerTransform = ({ schema, url, route }) => {
  const routeSchema = schema as OpenApiSchema | undefined;
  if (routeSchema?.hide) return { schema: routeSchema, url };
  const operationId = routeSchema?.operationId;
  if (!routeSchema || !operationId) {
    throw new Error(`${describeRoute(route)} names no operationId in its schema`);
  }
  if (!OPERATION_ID_PATTERN.test(operationId)) {
    throw new Error(`${describeRoute(route)}: operationId ${operationId} is not camelCase`);
  }
  const completed: OpenApiSchema = {
    ...routeSchema,
    security: securityOf(route, routeSchema),
    // Without a response schema the document shows a default answer: left so.
    ...(routeSchema.response
      ? { response: { ...guardResponsesOf(route), ...routeSchema.response } }
      : {}),
  };
  return { schema: completed, url };
};

type OperationObject = { operationId?: unknown; security?: unknown };
type PathItems = Record<string, Record<string, OperationObject> | undefined>;

/**
 * The finished document: every operationId once (a repeated one would make two client functions
 * of one name). The webhooks state their own `security: []` (webhook-openapi.ts).
 */
const finishDocument: SwaggerTransformObject = (documentObject) => {
  const document = 'openapiObject' in documentObject ? documentObject.openapiObject : {};
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries((document.paths ?? {}) as PathItems)) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (typeof operation.operationId !== 'string') continue;
      const where = `${method.toUpperCase()} ${path}`;
      const first = seen.get(operation.operationId);
      if (first) {
        throw new Error(`operationId ${operation.operationId} names both ${first} and ${where}`);
      }
      seen.set(operation.operationId, where);
    }
  }
  return document;
};

/**
 * The OpenAPI 3 document, generated from the routes' JSON schemas, at /api/openapi.json, and a
 * browsable UI at /api/docs. Registered before the routes so it sees every one of them. It
 * passes `redocly lint` with the recommended rules (redocly.yaml; a stage of `npm test`).
 */
export const registerOpenApi = async (app: FastifyInstance): Promise<void> => {
  // The components: before any route or encapsulated scope (see addEverySharedSchema).
  addEverySharedSchema(app);
  await app.register(swagger, {
    // Shared schemas (app.addSchema) are named by their $id: #/components/schemas/Problem.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) =>
        typeof json.$id === 'string' ? json.$id : `def-${index}`,
    },
    transform: completeOperation,
    transformObject: finishDocument,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Paygate API',
        description: [
          'Back-office API (/api/v1, /api/router/v1, /api/data/v1), hosted payment form API ' +
            '(/api/payments), merchant API (/api/merchant/v1) and provider API (/api/provider/v1).',
          'Every operation states who may call it (`security`):',
          '- Back-office calls authenticate with the jwt session cookie (`sessionCookie`); the ' +
            'sign-in calls and the one-time set-password links are public.',
          '- Merchant and provider API calls are signed with an API key (three headers: key, ' +
            'timestamp, signature); see docs/merchant-api.md and docs/provider-api.md.',
          '- The payment form API is public: no credential, each call proves itself. The form id ' +
            'in the path is at least 128 random bits, handed only to the merchant and the ' +
            'customer; choosing the method and amount also needs the `supportCode` derived from ' +
            'the key in the init answer (403 `invalid_support_code` otherwise), so knowing a form ' +
            'id is not enough to be given requisites.',
        ].join('\n\n'),
        version: '1.0.0',
      },
      servers: OPENAPI_SERVERS,
      // What merchants' webhook endpoints receive (issue 23 item 2).
      webhooks: WEBHOOKS_OPENAPI,
      components: {
        securitySchemes: {
          [SESSION_COOKIE_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'jwt',
            description:
              'The back-office session: set by POST /api/v1/login (HttpOnly, SameSite=Strict).',
          },
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
