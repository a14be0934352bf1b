import { hasAllPermissions, hasAnyPermission } from '@paygate/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { forbidden, unauthorized } from '../../http/http-errors.ts';
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
 */
export const registerAccessControl = (
  app: FastifyInstance,
  { db, jwtSecret, idleMinutes }: { db: Database; jwtSecret: string; idleMinutes: number },
): void => {
  app.decorateRequest('person', null);

  app.addHook('onRoute', (route) => {
    if (isBackOfficeRoute(route.url) && !route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    }
  });

  const authorise = async (request: FastifyRequest, access: RouteAccess) => {
    const token = request.cookies[SESSION_COOKIE];
    const claims = token ? await verifySessionToken(token, jwtSecret) : null;
    const person = claims
      ? await loadSessionPerson(db, claims.personId, claims.sessionId, idleMinutes, {
          touch: request.routeOptions.config.sessionActivity !== false,
        })
      : null;
    if (!person) throw unauthorized();
    request.person = person;

    if ('permissions' in access && !hasAllPermissions(person, access.permissions)) {
      throw forbidden();
    }
    if ('anyOf' in access && !hasAnyPermission(person, access.anyOf)) throw forbidden();
  };

  // Callback style: public routes (the payment form's polling among them) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) {
      done();
      return;
    }
    authorise(request, access).then(() => done(), done);
  });
};
