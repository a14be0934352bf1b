import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API_PREFIX } from '../modules/merchant-api/merchant-api-routes.ts';
import { MERCHANT_API_SECURITY } from '../modules/merchant-api/merchant-auth.ts';
import { PROVIDER_API_PREFIX } from '../modules/provider-api/provider-api-routes.ts';
import { PROVIDER_API_SECURITY } from '../modules/provider-api/provider-auth.ts';
import { expectProblem } from '../testing/problem-assertions.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { OPENAPI_SERVERS, registerOpenApi, SESSION_SECURITY } from './openapi.ts';
import { PROBLEM_CODE_LIST } from './problem-codes.ts';
import { type ApiRoute, collectApiRoutes } from './testing/route-table.ts';

type Operation = {
  operationId?: string;
  security?: unknown;
  responses: Record<string, { content?: object }>;
};
type Document = {
  servers?: unknown;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

/** Every operation of the document as [`METHOD path`, operation]. */
const operationsOf = (document: Document): [string, Operation][] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );

/** A route's URL as an OpenAPI path: /api/v1/users/:id → /api/v1/users/{id}. */
const openApiPathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Public routes outside the back office (no access rule, no signature), each with why. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/health': 'liveness: load balancers call it without credentials',
  'POST /api/payments/form/{formId}/init': 'the payment form proves itself per call',
  'POST /api/payments/form/{formId}/credential': 'the payment form proves itself per call',
  'POST /api/payments/form/{formId}/complete': 'the payment form proves itself per call',
  'POST /api/payments/form/{formId}/status': 'the payment form proves itself per call',
  'GET /api/payments/form/{formId}/banks/sbp': 'the payment form proves itself per call',
};

/** The security requirement a route's access rule (or API) implies. */
const expectedSecurity = (route: ApiRoute, key: string): unknown => {
  if (route.access) return 'public' in route.access ? [] : SESSION_SECURITY;
  if (route.url.startsWith(`${MERCHANT_API_PREFIX}/`)) return MERCHANT_API_SECURITY;
  if (route.url.startsWith(`${PROVIDER_API_PREFIX}/`)) return PROVIDER_API_SECURITY;
  if (PUBLIC_ROUTES[key]) return [];
  throw new Error(`${key}: no access rule, not a signed API and not a listed public route`);
};

describe('OpenAPI document', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp?.close());

  it('describes the routes from their schemas at /api/openapi.json', async () => {
    const response = await testApp.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/v1/login',
        '/api/v1/logout',
        '/api/v1/people/me',
      ]),
    );
    const login = document.paths['/api/v1/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'username',
      'password',
    ]);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
  });

  it('describes every error answer as the shared Problem schema, application/problem+json', async () => {
    const document = (await testApp.app.inject({ url: '/api/openapi.json' })).json();
    const problem = document.components.schemas.Problem;
    expect(problem.required).toEqual(['type', 'title', 'status', 'detail', 'code', 'requestId']);
    expect(problem.properties.code.enum).toEqual(PROBLEM_CODE_LIST);
    expect(problem.properties.errors.items.required).toEqual(['location', 'field', 'message']);
    let errorResponses = 0;
    type Operation = { responses: Record<string, { content?: object }> };
    const paths = document.paths as Record<string, Record<string, Operation>>;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          errorResponses += 1;
          expect(response.content, `${method} ${path} ${status}`).toEqual({
            'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
          });
        }
      }
    }
    expect(errorResponses).toBeGreaterThan(50);
  });

  it('names every operation with a unique camelCase operationId', async () => {
    const document = (await testApp.app.inject({ url: '/api/openapi.json' })).json<Document>();
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map(([key, operation]) => {
      expect(operation.operationId, key).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      return operation.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      Object.fromEntries(operations.map(([key, { operationId }]) => [operationId, key])),
    ).toMatchObject({
      listInvoices: 'GET /api/v1/invoice',
      getInvoice: 'GET /api/v1/invoice/{id}',
      createMerchantInvoice: 'POST /api/merchant/v1/invoices',
      listMerchantEvents: 'GET /api/merchant/v1/events',
      simulateInvoice: 'POST /api/v1/invoice/simulate',
      createApiKey: 'POST /api/v1/developers/api-keys',
    });
  });

  it('states on every operation the security its route’s access rule implies', async () => {
    const document = (await testApp.app.inject({ url: '/api/openapi.json' })).json<Document>();
    const routes = new Map(
      (await collectApiRoutes(testApp.db)).map((route) => [
        `${route.method} ${openApiPathOf(route.url)}`,
        route,
      ]),
    );
    const schemes = Object.keys(document.components.securitySchemes);
    const counts = { public: 0, session: 0, signed: 0 };
    for (const [key, operation] of operationsOf(document)) {
      const route = routes.get(key);
      if (!route) throw new Error(`${key} is documented but no route serves it`);
      expect(operation.security, key).toEqual(expectedSecurity(route, key));
      const requirements = operation.security as Record<string, unknown>[];
      for (const name of requirements.flatMap(Object.keys)) expect(schemes, key).toContain(name);
      if (requirements.length === 0) counts.public += 1;
      else if (requirements[0]?.sessionCookie) counts.session += 1;
      else counts.signed += 1;
      // What the guards before the handler answer is documented too.
      if (route.access && !('public' in route.access)) {
        expect(Object.keys(operation.responses), key).toContain('401');
      }
    }
    expect(counts.session).toBeGreaterThan(80);
    expect(counts.signed).toBe(9);
    expect(counts.public).toBe(
      Object.keys(PUBLIC_ROUTES).length +
        [...routes.values()].filter((route) => route.access && 'public' in route.access).length,
    );
    // Webhooks are requests this server sends: checked by their signature headers.
    for (const [type, item] of Object.entries(document.webhooks)) {
      expect(item.post?.security, type).toEqual([]);
    }
  });

  it('names its servers, and shared schemas as components that operations refer to', async () => {
    const document = (await testApp.app.inject({ url: '/api/openapi.json' })).json<Document>();
    expect(document.servers).toEqual(OPENAPI_SERVERS);
    const schemas = Object.keys(document.components.schemas);
    expect(schemas).toEqual(
      expect.arrayContaining(['Problem', 'Invoice', 'MerchantInvoice', 'MerchantInvoiceList']),
    );
    const text = JSON.stringify({ paths: document.paths, components: document.components });
    for (const name of schemas) {
      expect(text, name).toContain(`"$ref":"#/components/schemas/${name}"`);
    }
    const invoices = document.paths['/api/merchant/v1/invoices'];
    expect(invoices?.get?.responses['200']?.content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/MerchantInvoiceList' } },
    });
  });

  it('refuses to build the document for a route without an operationId or a security rule', async () => {
    const build = async (schema: Record<string, unknown>) => {
      const app = Fastify();
      await registerOpenApi(app);
      app.get('/api/elsewhere', { schema }, async () => ({}));
      await app.ready();
      try {
        // As GET /api/openapi.json builds it (a failure there is a 500).
        return app.swagger() as unknown as Document;
      } finally {
        await app.close();
      }
    };
    await expect(build({ security: [] })).rejects.toThrow(
      'GET /api/elsewhere names no operationId in its schema',
    );
    await expect(build({ operationId: 'getElsewhere' })).rejects.toThrow(
      'GET /api/elsewhere declares neither an access rule',
    );
    await expect(build({ operationId: 'get_elsewhere', security: [] })).rejects.toThrow(
      'operationId get_elsewhere is not camelCase',
    );
    const document = await build({ operationId: 'getElsewhere', security: [] });
    expect(document.paths['/api/elsewhere']?.get?.operationId).toBe('getElsewhere');
  });

  it('serves a browsable UI at /api/docs', async () => {
    const response = await testApp.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API paths with a problem 404', async () => {
    const response = await testApp.app.inject({ url: '/api/v1/unknown' });
    expectProblem(response, {
      status: 404,
      code: 'route_not_found',
      detail: 'Route GET /api/v1/unknown not found',
    });
  });
});
