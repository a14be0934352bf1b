import { randomBytes } from 'node:crypto';
import { canLoadAllMerchants, type Permission, ROLE_PERMISSIONS } from '@paygate/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../db/testing/test-databases.ts';
import { isBackOfficeRoute } from '../modules/auth/access-control.ts';
import { MERCHANT_API_PREFIX } from '../modules/merchant-api/merchant-api-routes.ts';
import { PROVIDER_API_PREFIX } from '../modules/provider-api/provider-api-routes.ts';
import { signedRequest } from '../testing/signed-call.ts';
import { merchantFingerprint } from './testing/database-fingerprint.ts';
import {
  type ExampleRequest,
  exampleRequest,
  merchantRecordProperties,
} from './testing/request-examples.ts';
import {
  type AccessRule,
  type ApiRoute,
  collectApiRoutes,
  routeKey,
  routesServedBy,
} from './testing/route-table.ts';
import {
  CALLERS,
  type Caller,
  createRouteTestWorld,
  type RouteTestWorld,
} from './testing/route-test-world.ts';

/**
 * Issue 11: every route of the real route table × every caller × own and other merchant's
 * records. Who gets 401, 403 or 404 follows from the route's declared access rule and the
 * domain's role permission sets (decision 0002), not from a per-route table: a new route is
 * checked the moment it is registered. The short lists below only name, each with a reason,
 * routes open to anyone or to any signed-in person and the few checks handlers add; a route
 * that fits none of the expectations (unknown prefix, unlisted open route, unclassified id)
 * fails here.
 */

const PAYMENT_FORM_PREFIX = '/api/payments/';

/** Back-office routes anyone may call, and why. */
const PUBLIC_BACK_OFFICE_ROUTES: Record<string, string> = {
  'POST /api/v1/login': 'signing in is how a session starts',
  'POST /api/v1/logout': 'ends whatever session the cookie names; harmless without one',
  'GET /api/v1/password-reset/:token':
    'a one-time set-password link proves itself by its 256-bit token (decision 0019)',
  'POST /api/v1/password-reset/:token':
    'a one-time set-password link proves itself by its 256-bit token (decision 0019)',
  'POST /api/v1/login/two-factor':
    'sign-in’s second step: the second_factor cookie of a right password names the person',
  'POST /api/v1/login/two-factor/enrolment':
    'sign-in enrolment: the second_factor cookie of a right password names the person',
  'POST /api/v1/login/two-factor/enrolment/confirm':
    'sign-in enrolment: the second_factor cookie of a right password names the person',
};

/**
 * Back-office routes any signed-in person may call (an empty permission list), and why. Their
 * handlers confine merchant users to their merchant, which the matrix checks below.
 */
const SIGNED_IN_ROUTES: Record<string, string> = {
  'POST /api/v1/user/change_password': 'everyone changes their own password',
  'GET /api/v1/people/me': 'the current person (SPEC §3)',
  'PATCH /api/v1/people/me/testDashboard': 'the current person’s own switch',
  'GET /api/v1/sessions': 'everyone sees their own sessions (decision 0019)',
  'DELETE /api/v1/sessions/:id': 'everyone ends their own sessions (decision 0019)',
  'POST /api/v1/reauthentication':
    'everyone confirms who they are in their own session before a security action (decision 0019)',
  'GET /api/v1/two-factor': 'everyone sees their own second factor (decision 0019)',
  'POST /api/v1/two-factor/enrolment': 'everyone sets up their own second factor',
  'POST /api/v1/two-factor/enrolment/confirm': 'everyone sets up their own second factor',
  'POST /api/v1/two-factor/recovery-codes': 'everyone renews their own recovery codes',
  'POST /api/v1/two-factor/disable': 'everyone turns off their own second factor (unless required)',
  'GET /api/v1/live-events':
    'the live stream filters every event by the caller’s merchant scope, as the lists do',
  'GET /api/v1/notifications':
    'everyone reads the notifications of their merchant scope, with their own read state',
  'POST /api/v1/notifications/read': 'everyone marks their own notifications read',
  'GET /api/v1/reference': 'reference lists every screen needs',
  'GET /api/v1/reference/currency': 'reference list every screen needs',
  'GET /api/v1/merchant/deposit': 'finance summary of the caller’s merchant scope',
  'GET /api/v1/merchant/withdrawal': 'finance summary of the caller’s merchant scope',
  'GET /api/v1/merchant/balance': 'finance summary of the caller’s merchant scope',
  'GET /api/v1/invoice': 'invoice list of the caller’s merchant scope (SPEC §2)',
  'GET /api/v1/invoice/csv': 'invoice export of the caller’s merchant scope (SPEC §2)',
  'GET /api/v1/invoice/:id': 'invoice details, scoped to the caller’s merchants',
  'GET /api/v1/event/status': 'status history of a visible invoice (SPEC §4)',
  'PATCH /api/v1/invoice/status':
    'test-processing invoices may be moved by anyone who sees them (SPEC §4); others need invoice.status.change, checked by the handler',
  'POST /api/v1/invoice/retry':
    'SPEC §4 ties Retry to no permission: the invoice’s own merchant’s users retry their withdrawals; staff need invoice.status.change, checked by the handler (decision 0006)',
  'GET /api/v1/merchant/support/:invoiceId': 'tickets of a visible invoice (SPEC §4)',
  'POST /api/v1/merchant/support': 'anyone who sees an invoice may open a ticket on it (SPEC §4)',
  'GET /api/v1/terminal': 'terminals of the caller’s merchant scope (SPEC §5)',
  'GET /api/v1/terminal/:id': 'a terminal of the caller’s merchant scope (SPEC §5)',
};

/**
 * Permissions a handler asks for on top of the route's rule, for what the matrix's example
 * request does. A caller without them gets 403 for its own records, still 404 for another
 * merchant's (the record is looked up in the caller's scope first). `ownMerchantUsers`: the
 * users of the record's own merchant pass without them.
 */
const HANDLER_PERMISSIONS: Record<
  string,
  { permissions: Permission[]; ownMerchantUsers?: true; why: string }
> = {
  'PATCH /api/v1/invoice/status': {
    permissions: ['invoice.status.change'],
    why: 'the example invoice is not test-processing (SPEC §4)',
  },
  'POST /api/v1/invoice/retry': {
    permissions: ['invoice.status.change'],
    ownMerchantUsers: true,
    why: 'staff retry any invoice they see with it; the invoice’s own merchant’s users without (decision 0006)',
  },
  'DELETE /api/v1/terminal/:id': {
    permissions: ['terminal.attr.read', 'terminal.prod.change'],
    why: 'removing an attribute changes attributes',
  },
};

/**
 * List filters that may name another merchant's record: the list is already confined to the
 * caller's merchants, so the filter only narrows it to nothing (checked: nothing of the other
 * merchant in the answer).
 */
const LIST_FILTERS = new Set([
  'GET /api/v1/users merchantId',
  'GET /api/v1/invoice terminalId',
  'GET /api/v1/invoice/csv terminalId',
  'GET /api/v1/developers/events invoiceId',
  // One balance's movements (decision 0029): another merchant's invoice narrows them to nothing.
  'GET /api/v1/balance/movements invoiceId',
]);

/** Routes outside the API prefixes that are public by nature, or guarded otherwise. */
const SERVICE_ROUTES: Record<string, string> = {
  'GET /api/health': 'liveness probe',
  'GET /api/ready': 'readiness probe',
  'GET /api/openapi.json': 'the published API description',
  'GET /api/metrics': 'Prometheus scrape, guarded by its own token in production (metricsAccess)',
};
const isServiceRoute = (key: string) =>
  key in SERVICE_ROUTES || key.split(' ')[1]?.startsWith('/api/docs') === true;

type Kind = 'backOffice' | 'merchantApi' | 'providerApi' | 'paymentForm' | 'service';

const kindOf = (route: ApiRoute): Kind | undefined => {
  if (isBackOfficeRoute(route.url)) return 'backOffice';
  if (route.url.startsWith(`${MERCHANT_API_PREFIX}/`)) return 'merchantApi';
  if (route.url.startsWith(`${PROVIDER_API_PREFIX}/`)) return 'providerApi';
  if (route.url.startsWith(PAYMENT_FORM_PREFIX)) return 'paymentForm';
  return isServiceRoute(routeKey(route)) ? 'service' : undefined;
};

const permissionsOf = (caller: Caller): readonly Permission[] =>
  caller === 'nothing' ? [] : ROLE_PERMISSIONS[caller];

/** The callers that are users of the `own` merchant (createRouteTestWorld); staff belong to none. */
const isOwnMerchantUser = (caller: Caller) => caller === 'merchant' || caller === 'nothing';

const mayCall = (access: AccessRule, permissions: readonly Permission[]): boolean => {
  if ('public' in access) return true;
  if ('anyOf' in access) return access.anyOf.some((needed) => permissions.includes(needed));
  return access.permissions.every((needed) => permissions.includes(needed));
};

/** Ids of records that do not exist, by property name. */
const NONEXISTENT_RECORDS: Record<string, unknown> = {
  terminalId: 2_147_483_647,
  merchantId: 2_147_483_647,
  invoiceId: '00000000-0000-4000-8000-000000000000',
  starting_after: '00000000-0000-4000-8000-000000000000',
  merchantInvoiceId: 'no-such-order',
  eventId: 'evt_2147483647',
};

/** An error message with the numbers and ids in it blanked, to compare two refusals. */
const messageWithoutIds = (body: string) =>
  body.replace(/[0-9a-f-]{36}|\d+|no-such-order|matrix-[0-9a-f]+|order-[0-9a-f]+/g, '#');

const describeCall = (route: ApiRoute, request: ExampleRequest, response: LightMyRequestResponse) =>
  `${route.method} ${request.url}?${new URLSearchParams(request.query)} ${JSON.stringify(request.body) ?? ''} → ${response.statusCode} ${response.body.slice(0, 160)}`;

describe.each(TEST_DATABASE_KINDS)('authorisation matrix on %s', (databaseKind) => {
  let world: RouteTestWorld;
  let routes: ApiRoute[];
  const backOffice = () => routes.filter((route) => kindOf(route) === 'backOffice');

  beforeAll(async () => {
    world = await createRouteTestWorld(databaseKind);
    routes = await collectApiRoutes(world.db);
  });
  afterAll(async () => world?.close());

  /** Whether an answer contains anything that identifies the other merchant's records. */
  const showsOtherMerchant = (body: string) =>
    [world.other.invoiceId, world.other.merchantInvoiceId, world.other.formId, 'Other shop'].some(
      (marker) => body.includes(marker),
    );

  const send = (route: ApiRoute, request: ExampleRequest, cookie?: string) =>
    world.app.inject({
      method: route.method as 'GET',
      url: request.url,
      query: request.query,
      headers: cookie ? { cookie } : {},
      ...(request.body === undefined ? {} : { payload: request.body as object }),
    });

  it('knows every route the real app serves, and each route is of a known kind', async () => {
    await world.app.ready();
    const collected = new Set(routes.map(routeKey));
    const served = routesServedBy(world.app).filter((key) =>
      key.split(' ')[1]?.startsWith('/api/'),
    );
    // Service routes (metrics, docs) may be added by buildApp itself; every other must be known.
    expect(served.filter((key) => !collected.has(key) && !isServiceRoute(key))).toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !kindOf(route)).map(routeKey)).toEqual([]);
  });

  it('has every back-office route declare a rule; public and session-only ones are listed with a reason', () => {
    const unlisted: string[] = [];
    for (const route of backOffice()) {
      const key = routeKey(route);
      const access = route.access;
      if (!access) unlisted.push(`${key}: no access rule`);
      else if ('public' in access && !(key in PUBLIC_BACK_OFFICE_ROUTES)) {
        unlisted.push(`${key}: public, not in PUBLIC_BACK_OFFICE_ROUTES`);
      } else if (
        'permissions' in access &&
        access.permissions.length === 0 &&
        !(key in SIGNED_IN_ROUTES)
      ) {
        unlisted.push(`${key}: any signed-in person, not in SIGNED_IN_ROUTES`);
      }
    }
    // Listed routes that no longer exist (or gained a permission) are stale entries.
    const keys = new Set(backOffice().map(routeKey));
    for (const key of [...Object.keys(HANDLER_PERMISSIONS), ...LIST_FILTERS]) {
      const routePart = key.split(' ').slice(0, 2).join(' ');
      if (!keys.has(routePart)) unlisted.push(`${key}: listed but not served`);
    }
    for (const key of [
      ...Object.keys(PUBLIC_BACK_OFFICE_ROUTES),
      ...Object.keys(SIGNED_IN_ROUTES),
    ]) {
      const route = backOffice().find((candidate) => routeKey(candidate) === key);
      if (!keys.has(key)) unlisted.push(`${key}: listed but not served`);
      else if (
        route?.access &&
        'permissions' in route.access &&
        route.access.permissions.length > 0
      ) {
        unlisted.push(`${key}: listed as session-only but needs permissions`);
      }
    }
    expect(unlisted).toEqual([]);
  });

  it('answers 401 to every non-public back-office call without a session', async () => {
    const wrong: string[] = [];
    for (const route of backOffice()) {
      if (route.access && 'public' in route.access) continue;
      const request = exampleRequest(world, route);
      for (const cookie of [undefined, 'jwt=not-a-token']) {
        const response = await send(route, request, cookie);
        if (response.statusCode !== 401) wrong.push(describeCall(route, request, response));
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(CALLERS)(
    'gives %s what its permissions allow, and nothing of the other merchant',
    async (caller) => {
      const permissions = permissionsOf(caller);
      const seesAllMerchants = canLoadAllMerchants(permissions as Permission[]);
      const cookie = world.cookies[caller];
      const wrong: string[] = [];
      let checked = 0;
      const otherMerchantBefore = await merchantFingerprint(world.db, world.other.merchantId);
      for (const route of backOffice()) {
        const access = route.access;
        // The public routes need no matrix; logout would end the caller's session.
        if (!access || 'public' in access) continue;
        const own = exampleRequest(world, route);
        if (!mayCall(access, permissions)) {
          const response = await send(route, own, cookie);
          if (response.statusCode !== 403)
            wrong.push(`want 403: ${describeCall(route, own, response)}`);
          checked += 1;
          continue;
        }
        const ownResponse = await send(route, own, cookie);
        checked += 1;
        const handlerRule = HANDLER_PERMISSIONS[routeKey(route)];
        const handlerRefuses =
          handlerRule !== undefined &&
          !(handlerRule.ownMerchantUsers && isOwnMerchantUser(caller)) &&
          !mayCall({ permissions: handlerRule.permissions }, permissions);
        if (handlerRefuses) {
          if (ownResponse.statusCode !== 403) {
            wrong.push(`own, want the handler's 403: ${describeCall(route, own, ownResponse)}`);
          }
        } else if ([401, 403].includes(ownResponse.statusCode) || ownResponse.statusCode >= 500) {
          wrong.push(`own, want passed auth: ${describeCall(route, own, ownResponse)}`);
        } else if (route.method === 'GET' && ownResponse.statusCode !== 200) {
          wrong.push(`own read, want 200: ${describeCall(route, own, ownResponse)}`);
        }
        for (const property of merchantRecordProperties(route)) {
          // One id of the other merchant at a time, all others own: each must be checked.
          const other = exampleRequest(world, route, (_, name) =>
            name === property ? 'other' : 'own',
          );
          const response = await send(route, other, cookie);
          checked += 1;
          if (seesAllMerchants) {
            const refusal = handlerRefuses ? [401] : [401, 403];
            if (refusal.includes(response.statusCode) || response.statusCode >= 500) {
              wrong.push(
                `other ${property}, want passed auth: ${describeCall(route, other, response)}`,
              );
            }
          } else if (
            LIST_FILTERS.has(`${routeKey(route)} ${property}`) &&
            response.statusCode === 200
          ) {
            if (showsOtherMerchant(response.body)) {
              wrong.push(`other ${property}, shows it: ${describeCall(route, other, response)}`);
            }
          } else if (response.statusCode !== 404) {
            wrong.push(`other ${property}, want 404: ${describeCall(route, other, response)}`);
          }
        }
      }
      expect(checked).toBeGreaterThan(40);
      expect(wrong).toEqual([]);
      if (!seesAllMerchants) {
        // Nothing of the other merchant was changed by whatever this caller tried.
        expect(await merchantFingerprint(world.db, world.other.merchantId)).toBe(
          otherMerchantBefore,
        );
      }
    },
  );

  const signed = (
    route: ApiRoute,
    request: ExampleRequest,
    caller: { prefix: string; apiKey: string; signingSecret: string },
  ) => {
    const query = new URLSearchParams(request.query).toString();
    return signedRequest(world.app, caller, {
      method: route.method as 'GET' | 'POST',
      path: `${request.url.slice(caller.prefix.length)}${query ? `?${query}` : ''}`,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
  };
  const ofKind = (kind: Kind) => routes.filter((route) => kindOf(route) === kind);

  it('refuses unsigned merchant API calls, and shows a merchant none of another merchant’s invoices', async () => {
    const wrong: string[] = [];
    const asOwn = { prefix: MERCHANT_API_PREFIX, ...world.own };
    const withOtherSecret = { ...asOwn, signingSecret: world.other.signingSecret };
    expect(ofKind('merchantApi').length).toBeGreaterThan(0);
    for (const route of ofKind('merchantApi')) {
      const own = exampleRequest(world, route);
      for (const response of [await send(route, own), await signed(route, own, withOtherSecret)]) {
        if (response.statusCode !== 401)
          wrong.push(`want 401: ${describeCall(route, own, response)}`);
      }
      const ownResponse = await signed(route, own, asOwn);
      if (ownResponse.statusCode >= 400) {
        wrong.push(`own, want accepted: ${describeCall(route, own, ownResponse)}`);
      }
      for (const property of merchantRecordProperties(route)) {
        const other = exampleRequest(world, route, (_, name) =>
          name === property ? 'other' : 'own',
        );
        const response = await signed(route, other, asOwn);
        // Another merchant's record is answered as one that does not exist: 404 when it is what
        // the call reads, the create call's own refusal when it is named in the body.
        const missing = exampleRequest(world, route, undefined, {
          [property]: NONEXISTENT_RECORDS[property] ?? 'nonexistent',
        });
        const missingResponse = await signed(route, missing, asOwn);
        const sameAsMissing =
          response.statusCode === missingResponse.statusCode &&
          messageWithoutIds(response.body) === messageWithoutIds(missingResponse.body);
        // A list answers another merchant's record as it answers a missing one: an empty list.
        const emptyListAsMissing =
          route.method === 'GET' && response.statusCode === 200 && sameAsMissing;
        if (
          (response.statusCode < 400 && !emptyListAsMissing) ||
          !(response.statusCode === 404 || sameAsMissing) ||
          showsOtherMerchant(response.body)
        ) {
          wrong.push(`other ${property}, want 404: ${describeCall(route, other, response)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses unsigned provider API calls, and shows a provider none of another provider’s invoices', async () => {
    const wrong: string[] = [];
    const asProvider = (records: RouteTestWorld['provider']) => ({
      prefix: PROVIDER_API_PREFIX,
      apiKey: records.apiKey,
      signingSecret: records.signingSecret,
    });
    expect(ofKind('providerApi').length).toBeGreaterThan(0);
    for (const route of ofKind('providerApi')) {
      // The invoice routed to the first provider, asked about by each of them.
      const request = exampleRequest(world, route, undefined, {
        invoiceId: world.provider.invoiceId,
      });
      const unsigned = await send(route, request);
      if (unsigned.statusCode !== 401)
        wrong.push(`want 401: ${describeCall(route, request, unsigned)}`);
      const forged = await signed(route, request, {
        ...asProvider(world.provider),
        signingSecret: world.otherProvider.signingSecret,
      });
      if (forged.statusCode !== 401)
        wrong.push(`want 401: ${describeCall(route, request, forged)}`);
      const byOther = await signed(route, request, asProvider(world.otherProvider));
      if (route.url.includes(':invoiceId')) {
        const byOwner = await signed(route, request, asProvider(world.provider));
        if (byOwner.statusCode >= 400) {
          wrong.push(`owner, want accepted: ${describeCall(route, request, byOwner)}`);
        }
        if (byOther.statusCode !== 404) {
          wrong.push(`other provider, want 404: ${describeCall(route, request, byOther)}`);
        }
      } else if (byOther.statusCode >= 400 || byOther.body.includes(world.provider.invoiceId)) {
        wrong.push(`other provider, want own data only: ${describeCall(route, request, byOther)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 404 for an unknown payment form, and never mixes one form with another', async () => {
    const wrong: string[] = [];
    expect(ofKind('paymentForm').length).toBeGreaterThan(0);
    for (const route of ofKind('paymentForm')) {
      const unknownFormId = randomBytes(18).toString('base64url');
      const unknown = exampleRequest(world, route, undefined, {
        formId: unknownFormId,
        supportCode: await world.supportCodeOf(unknownFormId),
      });
      const response = await send(route, unknown);
      if (response.statusCode !== 404)
        wrong.push(`unknown form, want 404: ${describeCall(route, unknown, response)}`);

      const bodyProperties = Object.keys(
        (route.schema.body?.properties as Record<string, unknown> | undefined) ?? {},
      );
      if (bodyProperties.includes('formId')) {
        // The address names one form, the body another: refused before anything is read.
        const mixed = exampleRequest(world, route, undefined, {
          supportCode: await world.supportCodeOf(world.own.formId),
        });
        mixed.body = { ...(mixed.body as object), formId: world.other.formId };
        const mixedResponse = await send(route, mixed);
        if (mixedResponse.statusCode !== 400 || showsOtherMerchant(mixedResponse.body)) {
          wrong.push(`mixed forms, want 400: ${describeCall(route, mixed, mixedResponse)}`);
        }
      }
      if (bodyProperties.includes('supportCode')) {
        // Another form's support code proves nothing about this form.
        const borrowed = exampleRequest(world, route, undefined, {
          supportCode: await world.supportCodeOf(world.other.formId),
        });
        const borrowedResponse = await send(route, borrowed);
        if (borrowedResponse.statusCode !== 403) {
          wrong.push(
            `borrowed support code, want 403: ${describeCall(route, borrowed, borrowedResponse)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
