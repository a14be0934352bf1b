import cookie from '@fastify/cookie';
import { hasAllPermissions, hasAnyPermission } from '@paygate/domain';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Database } from '../../db/database.ts';
import { forbidden, unauthorized } from '../../http/http-errors.ts';
import { appendRouteHook } from '../../http/route-hooks.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import type { AuthenticatedPerson, RouteAccess } from './authenticated-person.ts';
import { reauthenticationRequired } from './recent-authentication.ts';
import { loadSessionPerson } from './session-repository.ts';
import { verifySessionToken } from './session-tokens.ts';

export const SESSION_COOKIE = 'jwt';

/** How long a refusal of one person on one route is one audit row (a screen may retry). */
const REFUSAL_ROW_MS = 60_000;
/** Most person-and-route pairs remembered; past it the memory starts again (a row each). */
const REFUSALS_REMEMBERED = 10_000;

/**
 * Refused access is audited (OWASP's logging cheat sheet: authorisation failures): a person
 * calling what their role does not allow is either a stale screen or someone probing. One row
 * per person, method and route pattern a minute, so a screen retrying a refused call does not
 * flood the log. A row that cannot be written does not turn the 403 into a 500.
 */
const refusalRecorder = (db: Database) => {
  const lastRow = new Map<string, number>();
  return {
    record: async (request: FastifyRequest, person: AuthenticatedPerson, access: RouteAccess) => {
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      const key = `${person.id} ${route}`;
      const now = Date.now();
      const last = lastRow.get(key);
      if (last !== undefined && now - last < REFUSAL_ROW_MS) return;
      if (lastRow.size >= REFUSALS_REMEMBERED) lastRow.clear();
      lastRow.set(key, now);
      try {
        await recordEvent(db, {
          eventCode: EVENT_CODES.accessDenied,
          description: `Refused ${route} to ${person.username}: missing permission`,
          personId: person.id,
          merchantId: person.merchantId,
          entityType: 'route',
          entityId: route,
          sourceIp: request.ip,
          // What the route asks for: every one of `permissions`, or one of `anyOf`.
          details:
            'anyOf' in access
              ? { anyOf: [...access.anyOf] }
              : { permissions: 'permissions' in access ? [...access.permissions] : [] },
        });
      } catch (error) {
        request.log.error({ err: error }, 'the refusal could not be audited');
      }
    },
  };
};

/** Back-office API prefixes: every route under them must declare who may call it. */
const BACK_OFFICE_PREFIXES = ['/api/v1/', '/api/router/v1/', '/api/data/v1/'];

export const isBackOfficeRoute = (url: string) =>
  BACK_OFFICE_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * Authentication and authorisation on the server for every back-office call: the session
 * cookie is checked before the body is even validated (401), then the route's permissions (403).
 * A route without an access rule stops the server from starting.
 *
 * Cookies are read on the back-office routes alone (and on any other route that asks for a
 * session): the hosted form, the signed APIs and the probes carry none that matter, and the
 * checks are attached to the routes that need them as they are registered, so the other routes
 * (the status poll among them) run no session hook at all. Setting cookies works on every route.
 * It must be registered before the routes (api-plugin.ts); the authorisation matrix test checks
 * that every back-office route of the real app refuses a caller without a session.
 */
export const registerAccessControl = async (
  app: FastifyInstance,
  { db, jwtSecret, idleMinutes }: { db: Database; jwtSecret: string; idleMinutes: number },
): Promise<void> => {
  await app.register(cookie, { hook: false });
  app.decorateRequest('person', null);

  const readCookies: onRequestHookHandler = (request, _reply, done) => {
    const header = request.headers.cookie;
    request.cookies = header ? app.parseCookie(header) : {};
    done();
  };

  const refusals = refusalRecorder(db);

  const authorise = async (
    request: FastifyRequest,
    access: RouteAccess,
    { touch, recentAuthentication }: { touch: boolean; recentAuthentication: boolean },
  ) => {
    const token = request.cookies[SESSION_COOKIE];
    const claims = token ? await verifySessionToken(token, jwtSecret) : null;
    const person = claims
      ? await loadSessionPerson(db, claims.personId, claims.sessionId, idleMinutes, { touch })
      : null;
    if (!person) throw unauthorized();
    request.person = person;

    const allowed =
      ('permissions' in access ? hasAllPermissions(person, access.permissions) : true) &&
      ('anyOf' in access ? hasAnyPermission(person, access.anyOf) : true);
    if (!allowed) {
      await refusals.record(request, person, access);
      throw forbidden();
    }
    // After the permissions: someone who may not act at all is not asked to confirm first.
    if (recentAuthentication && !person.recentlyAuthenticated) {
      throw reauthenticationRequired();
    }
  };

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const backOffice = isBackOfficeRoute(route.url);
    if (backOffice && !access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
    const signedIn = access !== undefined && !('public' in access);
    if (!backOffice && !signedIn) return;
    appendRouteHook(route, 'onRequest', readCookies);
    if (!signedIn) return;
    const checks = {
      touch: route.config?.sessionActivity !== false,
      recentAuthentication: route.config?.recentAuthentication === true,
    };
    // Callback style: the hook's promise is the session check's own.
    const checkAccess: onRequestHookHandler = (request, _reply, done) => {
      authorise(request, access, checks).then(() => done(), done);
    };
    appendRouteHook(route, 'onRequest', checkAccess);
  });
};
