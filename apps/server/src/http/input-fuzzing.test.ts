import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBackOfficeRoute } from '../modules/auth/access-control.ts';
import { MERCHANT_API_PREFIX } from '../modules/merchant-api/merchant-api-routes.ts';
import { PROVIDER_API_PREFIX } from '../modules/provider-api/provider-api-routes.ts';
import { requestSignature } from './request-signing.ts';
import {
  applicationTables,
  changedTables,
  databaseFingerprint,
} from './testing/database-fingerprint.ts';
import { exampleRequest } from './testing/request-examples.ts';
import { type ApiRoute, collectApiRoutes, routeKey } from './testing/route-table.ts';
import { createRouteTestWorld, type RouteTestWorld } from './testing/route-test-world.ts';

/**
 * Issue 11: hostile input against every route of the real route table (JSON schemas and all):
 * wrong types, unicode and NUL, SQL-looking and very long strings, huge and negative numbers,
 * garbage path parameters, malformed JSON, wrong content types, over-limit and deeply nested
 * bodies. Whatever is sent: never a 5xx, the server keeps answering, and a refused request
 * (4xx) writes nothing. Back-office calls carry an admin session and API calls valid
 * signatures, so that authentication does not hide what validation and handlers do.
 *
 * Reproduce a failure with the seed fast-check prints: FUZZ_SEED=<seed> pnpm exec vitest run …
 */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);

/** Routes that must not be fuzzed with the shared admin session, and why. */
const NOT_FUZZED: Record<string, string> = {
  'POST /api/v1/logout': 'would end the admin session every other call uses (no input to fuzz)',
};

/** Writes a refused request makes on purpose, by route. */
const AUDITED_REFUSALS: Record<string, string[]> = {
  // Failed sign-ins are counted for throttling and written to the event log (decision 0003).
  'POST /api/v1/login': ['login_attempts', 'event_log'],
  // A wrong current password is a failed password check: counted and audited the same way.
  'POST /api/v1/user/change_password': ['login_attempts', 'event_log'],
};

/**
 * Usage stamps a signed call writes once its key is verified and its request valid, whatever
 * the handler answers: an API key's last use (at most once a minute). Not the request's doing.
 */
const USAGE_STAMPS: Record<string, string[]> = { '/api/merchant/v1/': ['api_keys'] };
const usageStampsOf = (url: string) =>
  Object.entries(USAGE_STAMPS).flatMap(([prefix, stamped]) =>
    url.startsWith(prefix) ? stamped : [],
  );

const BODY_LIMIT = 1_048_576;

// --- Hostile values -------------------------------------------------------------------------

const sqlLike = fc.constantFrom(
  "' OR 1=1 --",
  "'; drop table invoices; --",
  '" OR ""="',
  "1'; SELECT pg_sleep(5); --",
  "%' OR '1'='1",
  '\\',
  "admin'--",
  '1 UNION SELECT password_hash FROM people',
);
const awkwardText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\ud800',
  '\uffff\ufffe',
  'e\u0301',
  '\r\n\t',
  '<script>alert(1)</script>',
  '{{7*7}}#{7*7}',
  '../../etc/passwd',
  '%00',
  '',
  ' ',
  '2026-13-45',
  '31/02/2026',
  'NaN',
  '-0',
  '1e400',
  'null',
);
const longText = fc.constantFrom(1_000, 10_001, 50_000).map((length) => 'ж'.repeat(length));
const hostileString = fc.oneof(
  sqlLike,
  awkwardText,
  longText,
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.string({ maxLength: 32 }).map((text) => `${text}\u0000`),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    -2_147_483_649,
    2_147_483_648,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 63,
    2 ** 64,
    1e30,
    1e308,
    -1e308,
    0.5,
    -0.000001,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
);
/** Garbage where a path parameter goes (encoded as a client would, or not at all). */
const hostileSegment = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '1.5',
    '1e3',
    '99999999999999999999',
    '9223372036854775808',
    '%00',
    '%E0%A4%A',
    '%',
    '..',
    'null',
    "1'%20OR%20'1'%3D'1",
    '9'.repeat(300),
    '00000000-0000-0000-0000-000000000000',
  ),
  hostileString.map((text) => encodeURIComponent(text).slice(0, 400)),
);

/** A hostile value of the schema's own type (so that it passes the type check), or of any. */
const hostileLike = (schema: unknown): fc.Arbitrary<unknown> => {
  const types = ([] as unknown[]).concat((schema as { type?: unknown } | undefined)?.type ?? []);
  const ofType: fc.Arbitrary<unknown>[] = [];
  if (types.includes('string')) ofType.push(hostileString);
  if (types.includes('integer')) ofType.push(hostileNumber.map((value) => Math.trunc(value)));
  if (types.includes('number')) ofType.push(hostileNumber);
  if (types.includes('array')) ofType.push(fc.array(hostileValue, { maxLength: 25 }));
  return ofType.length > 0 ? fc.oneof(hostileValue, ...ofType) : hostileValue;
};

/**
 * The example with some of the schema's properties (or unknown ones) replaced by hostile values,
 * or something else altogether.
 */
const mutated = (example: Record<string, unknown>, schema: unknown): fc.Arbitrary<unknown> => {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  const names = [...new Set([...Object.keys(properties ?? {}), ...Object.keys(example)])];
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .subarray([...names, '__proto__', 'unexpected'], { minLength: 1 })
        .chain((chosen) =>
          fc.tuple(
            fc.constant(chosen),
            fc.tuple(...chosen.map((name) => hostileLike(properties?.[name]))),
          ),
        )
        .map(([chosen, values]) => {
          const result: Record<string, unknown> = { ...example };
          chosen.forEach((name, index) => {
            // defineProperty: a "__proto__" key is sent as data, not as the prototype.
            Object.defineProperty(result, name, {
              value: values[index],
              enumerable: true,
              writable: true,
              configurable: true,
            });
          });
          return result;
        }),
    },
    { weight: 1, arbitrary: hostileValue },
  );
};

const queryText = (value: unknown): string | string[] => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  return JSON.stringify(value) ?? '';
};

/** One per kind of trouble: NUL, SQL, bidi and emoji, lone surrogate, long, sizes, types. */
const HOSTILE_SAMPLES: unknown[] = [
  'a\u0000b',
  "'; drop table invoices; --",
  '\u202eevil👩‍👩‍👧‍👦',
  '\ud800',
  'ж'.repeat(10_001),
  -1,
  0.5,
  2 ** 31,
  2 ** 63,
  null,
  true,
  [],
  { $gt: '' },
];

/** Paths of the properties of an object schema, nested objects included (arrays are not). */
const propertyPaths = (schema: unknown, prefix: string[] = []): string[][] => {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  if (!properties) return [];
  return Object.entries(properties).flatMap(([name, property]) => [
    [...prefix, name],
    ...propertyPaths(property, [...prefix, name]),
  ]);
};

const withValueAt = (
  object: Record<string, unknown>,
  [name, ...rest]: string[],
  value: unknown,
): Record<string, unknown> => {
  if (name === undefined) return object;
  if (rest.length === 0) return { ...object, [name]: value };
  const inner = object[name];
  return {
    ...object,
    [name]: withValueAt(
      typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {},
      rest,
      value,
    ),
  };
};

/** The schema of the property at `path` of an object schema. */
const schemaAt = (schema: unknown, path: string[]): unknown =>
  path.reduce<unknown>(
    (current, name) =>
      (current as { properties?: Record<string, unknown> } | undefined)?.properties?.[name],
    schema,
  );

const valueAt = (object: unknown, path: string[]): unknown =>
  path.reduce<unknown>(
    (current, name) =>
      typeof current === 'object' && current !== null
        ? (current as Record<string, unknown>)[name]
        : undefined,
    object,
  );

const declaredTypes = (schema: unknown): string[] =>
  ([] as string[]).concat((schema as { type?: string | string[] } | undefined)?.type ?? []);

/**
 * Values of other JSON types than the property declares, shaped like what a loose validator
 * would turn into the right type: "250000" and [250000] for a number, 1 for "1", true, null.
 */
const otherTypedValues = (schema: unknown, example: unknown): unknown[] => {
  const types = declaredTypes(schema);
  if (types.length === 0) return [];
  const sample = example ?? (types.includes('string') ? 'x' : 1);
  const values: unknown[] = [];
  if (!types.includes('string')) values.push(String(typeof sample === 'object' ? 1 : sample));
  if (!types.includes('integer') && !types.includes('number')) values.push(1);
  if (!types.includes('boolean')) values.push(true);
  if (!types.includes('array')) values.push([sample]);
  if (!types.includes('null')) values.push(null);
  if (!types.includes('object')) values.push({});
  return values;
};

/** Text that JavaScript reads as a number but a person would not write as one. */
const NOT_PLAIN_NUMBERS = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '4.5e5',
  '0x10',
  ' 12',
  '12 ',
  '+12',
];
/** Plain digits, but beyond what an integer parameter can hold exactly. */
const UNSAFE_INTEGER = '99999999999999999999';

/** The numeric parameters of a query or params schema, and whether each is an integer. */
const numericParameters = (schema: unknown): Array<{ name: string; integer: boolean }> =>
  Object.entries(
    (schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {},
  ).flatMap(([name, property]): Array<{ name: string; integer: boolean }> => {
    const types = [
      ...declaredTypes(property),
      ...declaredTypes((property as { items?: unknown }).items),
    ];
    if (types.includes('integer')) return [{ name, integer: true }];
    return types.includes('number') ? [{ name, integer: false }] : [];
  });

/** A fuzzed query: an object's values as query text, anything else as one odd name. */
const asQuery = (query: unknown): Record<string, string | string[]> =>
  typeof query === 'object' && query !== null && !Array.isArray(query)
    ? Object.fromEntries(Object.entries(query).map(([name, value]) => [name, queryText(value)]))
    : { [String(queryText(query))]: 'x' };

// --- The run --------------------------------------------------------------------------------

describe('input fuzzing on pglite', () => {
  let world: RouteTestWorld;
  let routes: ApiRoute[];
  let tables: string[];

  beforeAll(async () => {
    world = await createRouteTestWorld('pglite');
    routes = (await collectApiRoutes(world.db)).filter((route) => !(routeKey(route) in NOT_FUZZED));
    tables = await applicationTables(world.db);
  });
  afterAll(async () => world?.close());

  interface Outgoing {
    url: string;
    query?: Record<string, string | string[]>;
    /** Exact body text; its content type is JSON unless told. */
    payload?: string;
    contentType?: string;
  }

  /** Sends as the route's legitimate caller: admin session, merchant or provider signature. */
  const send = (route: ApiRoute, request: Outgoing): Promise<LightMyRequestResponse> => {
    const headers: Record<string, string> = {};
    if (request.payload !== undefined)
      headers['content-type'] = request.contentType ?? 'application/json';
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) {
      for (const item of ([] as string[]).concat(value)) search.append(name, item);
    }
    const pathWithQuery = `${request.url}${search.size > 0 ? `?${search}` : ''}`;
    const signer = route.url.startsWith(MERCHANT_API_PREFIX)
      ? { apiKey: world.own.apiKey, signingSecret: world.own.signingSecret }
      : route.url.startsWith(PROVIDER_API_PREFIX)
        ? { apiKey: world.provider.apiKey, signingSecret: world.provider.signingSecret }
        : undefined;
    if (signer) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      headers['x-api-key'] = signer.apiKey;
      headers['x-timestamp'] = timestamp;
      headers['x-signature'] = requestSignature(signer.signingSecret, {
        timestamp,
        method: route.method,
        pathWithQuery,
        body: request.payload ?? '',
      });
    } else if (isBackOfficeRoute(route.url) && routeKey(route) !== 'POST /api/v1/login') {
      headers.cookie = world.cookies.admin;
    }
    return world.app.inject({
      method: route.method as 'GET',
      url: pathWithQuery,
      headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  };

  const describeCall = (route: ApiRoute, request: Outgoing, response: LightMyRequestResponse) =>
    `${route.method} ${request.url} query=${JSON.stringify(request.query ?? {}).slice(0, 200)} body=${(request.payload ?? '').slice(0, 200)} (${request.contentType ?? 'json'}) → ${response.statusCode} ${response.body.slice(0, 160)}`;

  type SendRecorded = (request: Outgoing) => Promise<LightMyRequestResponse>;

  /**
   * Runs `sendAll`, which sends its requests to the route through the function it is given, and
   * returns where a refused request (4xx) wrote something, but in the tables the route audits on
   * purpose. One fingerprint around the whole group; only when something was written and some
   * requests were accepted (which may write) are the refused ones replayed one at a time.
   */
  const refusalsWriteNothing = async (
    route: ApiRoute,
    sendAll: (sendRecorded: SendRecorded) => Promise<void>,
  ): Promise<string[]> => {
    const audited = [...(AUDITED_REFUSALS[routeKey(route)] ?? []), ...usageStampsOf(route.url)];
    const writes = (before: Record<string, string>, after: Record<string, string>) =>
      changedTables(before, after).filter((table) => !audited.includes(table));
    const sent: Array<{ request: Outgoing; status: number }> = [];
    // A signed-in call stamps its session as seen once a minute (session-repository.ts), the
    // session's doing and not the request's: freshly stamped now, no batch is long enough for
    // that to happen inside it, however slow a busy machine makes the run.
    await world.db.execute(sql`UPDATE sessions SET last_seen_at = now()`);
    const before = await databaseFingerprint(world.db, tables);
    await sendAll(async (request) => {
      const response = await send(route, request);
      sent.push({ request, status: response.statusCode });
      return response;
    });
    const written = writes(before, await databaseFingerprint(world.db, tables));
    if (written.length === 0) return [];
    const refused = sent.filter(({ status }) => status >= 400);
    if (refused.length === sent.length || route.method === 'GET') {
      return [
        `${route.method} ${route.url}: wrote ${written} though nothing was accepted (or it is a read)`,
      ];
    }
    const problems: string[] = [];
    for (const { request } of refused) {
      const previous = await databaseFingerprint(world.db, tables);
      const response = await send(route, request);
      const replayWritten = writes(previous, await databaseFingerprint(world.db, tables));
      if (response.statusCode >= 400 && replayWritten.length > 0) {
        problems.push(
          `refused, yet wrote ${replayWritten}: ${describeCall(route, request, response)}`,
        );
      }
    }
    return problems;
  };

  it('covers the API: every route with a schema is fuzzed', () => {
    const withSchema = routes.filter(
      (route) => route.schema.body || route.schema.querystring || route.schema.params,
    );
    expect(withSchema.length).toBeGreaterThan(40);
  });

  it('refuses each hostile sample in each property, one property at a time', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const example = exampleRequest(world, route);
      const exampleBody = (example.body ?? {}) as Record<string, unknown>;
      const targets: Array<{ where: 'query' | 'body'; path: string[] }> = [
        ...propertyPaths(route.schema.querystring).map((path) => ({
          where: 'query' as const,
          path,
        })),
        ...propertyPaths(route.schema.body).map((path) => ({ where: 'body' as const, path })),
      ];
      for (const { where, path } of targets) {
        const requests = HOSTILE_SAMPLES.map(
          (sample): Outgoing =>
            where === 'query'
              ? {
                  url: example.url,
                  query: { ...example.query, [path[0] ?? '']: queryText(sample) },
                }
              : {
                  url: example.url,
                  query: example.query,
                  payload: JSON.stringify(withValueAt(exampleBody, path, sample)),
                },
        );
        const written = await refusalsWriteNothing(route, async (sendRecorded) => {
          for (const request of requests) {
            const response = await sendRecorded(request);
            if (response.statusCode >= 500) {
              problems.push(
                `${where}.${path.join('.')}: ${describeCall(route, request, response)}`,
              );
            }
          }
        });
        problems.push(...written);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('survives hostile values in every body, query string and path parameter', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const { body, querystring, params } = route.schema;
      if (!body && !querystring && !params) continue;
      const example = exampleRequest(world, route);
      const paramNames = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
      const arbitrary = fc.record({
        segments: fc.array(fc.option(hostileSegment, { freq: 2 }), {
          minLength: paramNames.length,
          maxLength: paramNames.length,
        }),
        query: querystring ? mutated(example.query, querystring) : fc.constant(undefined),
        body: body
          ? mutated((example.body ?? {}) as Record<string, unknown>, body)
          : fc.constant(undefined),
      });
      const exampleSegments = new URL(example.url, 'http://x').pathname.split('/');
      const written = await refusalsWriteNothing(route, (sendRecorded) =>
        fc.assert(
          fc.asyncProperty(arbitrary, async ({ segments, query, body: fuzzedBody }) => {
            // Garbage replaces the example's value of each parameter chosen (null keeps it).
            const urlSegments = route.url.split('/').map((segment, index) => {
              const name = /:([A-Za-z]+)/.exec(segment)?.[1];
              const garbage = name ? segments[paramNames.indexOf(name)] : null;
              return garbage === null || garbage === undefined
                ? (exampleSegments[index] ?? segment)
                : segment.replace(`:${name}`, garbage);
            });
            const request: Outgoing = {
              url: urlSegments.join('/'),
              ...(query === undefined ? {} : { query: asQuery(query) }),
              ...(fuzzedBody === undefined
                ? {}
                : { payload: JSON.stringify(fuzzedBody) ?? 'null' }),
            };
            const response = await sendRecorded(request);
            expect(response.statusCode, describeCall(route, request, response)).toBeLessThan(500);
          }),
          { seed: FUZZ_SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        ),
      );
      problems.push(...written);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  /** Routes whose unchanged example the admin or the signer may call (not 401/403/404). */
  const callableWithExample = async (route: ApiRoute) => {
    const example = exampleRequest(world, route);
    const response = await send(route, {
      url: example.url,
      query: example.query,
      ...(example.body === undefined ? {} : { payload: JSON.stringify(example.body) }),
    });
    return ![401, 403, 404, 405].includes(response.statusCode);
  };

  it('takes bodies as sent: another JSON type in any typed property is 400, never converted', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of routes) {
      if (!route.schema.body || !(await callableWithExample(route))) continue;
      const example = exampleRequest(world, route);
      const exampleBody = (example.body ?? {}) as Record<string, unknown>;
      const requests = propertyPaths(route.schema.body).flatMap((path) =>
        otherTypedValues(schemaAt(route.schema.body, path), valueAt(exampleBody, path)).map(
          (value): Outgoing => ({
            url: example.url,
            query: example.query,
            payload: JSON.stringify(withValueAt(exampleBody, path, value)),
          }),
        ),
      );
      const written = await refusalsWriteNothing(route, async (sendRecorded) => {
        for (const request of requests) {
          checked += 1;
          const response = await sendRecorded(request);
          if (response.statusCode !== 400) problems.push(describeCall(route, request, response));
        }
      });
      problems.push(...written);
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  }, 120_000);

  it('reads numbers in query strings and paths only as plain digits (Infinity, 1e400, 4.5e5: 400)', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const queryNames = numericParameters(route.schema.querystring);
      const pathNames = numericParameters(route.schema.params);
      if (queryNames.length + pathNames.length === 0 || !(await callableWithExample(route))) {
        continue;
      }
      const example = exampleRequest(world, route);
      const exampleSegments = new URL(example.url, 'http://x').pathname.split('/');
      const texts = ({ integer }: { integer: boolean }) =>
        integer ? [...NOT_PLAIN_NUMBERS, UNSAFE_INTEGER] : NOT_PLAIN_NUMBERS;
      const requests: Outgoing[] = [
        ...queryNames.flatMap((parameter) =>
          texts(parameter).map((text) => ({
            url: example.url,
            query: { ...example.query, [parameter.name]: text },
          })),
        ),
        ...pathNames.flatMap((parameter) =>
          texts(parameter).map((text) => ({
            url: route.url
              .split('/')
              .map((segment, index) =>
                segment.includes(`:${parameter.name}`)
                  ? segment.replace(`:${parameter.name}`, encodeURIComponent(text))
                  : (exampleSegments[index] ?? segment),
              )
              .join('/'),
            query: example.query,
          })),
        ),
      ];
      for (const request of requests) {
        checked += 1;
        const body = exampleRequest(world, route).body;
        const response = await send(route, {
          ...request,
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        if (response.statusCode !== 400) problems.push(describeCall(route, request, response));
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses malformed JSON, wrong content types, over-limit and deeply nested bodies', async () => {
    const malformed = [
      '{',
      '{"a":',
      '[1,2',
      '{"a":1}}',
      "{'a':1}",
      'nul',
      '\u0000',
      '\ufeff{}',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '1e999999',
      '"\\ud800"',
      '{"a":"\\u0000"}',
    ];
    const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const problems: string[] = [];
    for (const route of routes) {
      if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) continue;
      const { url, query } = exampleRequest(world, route);
      const cases: Outgoing[] = [
        ...malformed.map((payload) => ({ url, query, payload })),
        { url, query, payload: deep(10_000) },
        { url, query, payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
        { url, query, payload: JSON.stringify({ filler: 'x'.repeat(BODY_LIMIT + 1) }) },
        { url, query, payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
        { url, query, payload: '{"a":1}', contentType: 'text/plain' },
        { url, query, payload: '<a>1</a>', contentType: 'application/xml' },
        { url, query, payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
        { url, query, payload: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
      ];
      const written = await refusalsWriteNothing(route, async (sendRecorded) => {
        for (const request of cases) {
          const response = await sendRecorded(request);
          if (response.statusCode >= 500) problems.push(describeCall(route, request, response));
        }
        // Over the limit is refused as too large, whatever the body says.
        const huge = await sendRecorded({ url, query, payload: `"${'x'.repeat(BODY_LIMIT)}"` });
        if (huge.statusCode !== 413)
          problems.push(`${route.method} ${url} over 1 MiB → ${huge.statusCode}`);
      });
      problems.push(...written);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses garbage signatures and keys on the signed APIs without an error', async () => {
    const signedRoutes = routes.filter(
      (route) =>
        route.url.startsWith(MERCHANT_API_PREFIX) || route.url.startsWith(PROVIDER_API_PREFIX),
    );
    expect(signedRoutes.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...signedRoutes),
        fc.record({
          'x-api-key': fc.option(hostileString.map((text) => text.replace(/[^\x20-\x7e]/g, '?'))),
          'x-timestamp': fc.option(fc.oneof(hostileNumber.map(String), fc.constant('1e99'))),
          'x-signature': fc.option(
            fc.string({ maxLength: 200 }).map((text) => text.replace(/[^\x20-\x7e]/g, '?')),
          ),
        }),
        async (route, headers) => {
          const { url, body } = exampleRequest(world, route);
          const response = await world.app.inject({
            method: route.method as 'GET',
            url,
            headers: Object.fromEntries(
              Object.entries(headers).filter(
                (entry): entry is [string, string] => entry[1] !== null,
              ),
            ),
            ...(body === undefined ? {} : { payload: body as object }),
          });
          expect(response.statusCode, `${route.method} ${url} ${JSON.stringify(headers)}`).toBe(
            401,
          );
        },
      ),
      { seed: FUZZ_SEED, numRuns: 60 },
    );
  });

  it('still answers its liveness probe after all of it', async () => {
    const health = await world.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
