import cookie from '@fastify/cookie';
import { hasAllPermissions, hasAnyPermission } from '@paygate/domain';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Database } from '../../db/database.ts';
import { forbidden, unauthorized } from '../../http/http-errors.ts';
import { appendRouteHook } from '../../http/route-hooks.ts';
import type { RouteAccess } from './authenticated-person.ts';
import { loadSessionPerson } from './session-repository.ts';
import { verifySessionToken } from './session-tokens.ts';

export const SESSION_COOKIE = 'jwt';

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

  const authorise = async (request: FastifyRequest, access: RouteAccess, touch: boolean) => {
    const token = request.cookies[SESSION_COOKIE];
    const claims = token ? await verifySessionToken(token, jwtSecret) : null;
    const person = claims
      ? await loadSessionPerson(db, claims.personId, claims.sessionId, idleMinutes, { touch })
      : null;
    if (!person) throw unauthorized();
    request.person = person;

    if ('permissions' in access && !hasAllPermissions(person, access.permissions)) {
      throw forbidden();
    }
    if ('anyOf' in access && !hasAnyPermission(person, access.anyOf)) throw forbidden();
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
    const touch = route.config?.sessionActivity !== false;
    // Callback style: the hook's promise is the session check's own.
    const checkAccess: onRequestHookHandler = (request, _reply, done) => {
      authorise(request, access, touch).then(() => done(), done);
    };
    appendRouteHook(route, 'onRequest', checkAccess);
  });
};
