import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden } from '../../http/http-errors.ts';
import { appendRouteHook } from '../../http/route-hooks.ts';
import { isBackOfficeRoute } from './access-control.ts';

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a state-changing back-office request comes from the back office's own pages.
 *
 * The session cookie is SameSite=Strict, but the payment form and the back office are
 * subdomains of one site, so a page of the payment form (or any other subdomain) could still
 * send the cookie. Browsers say where a request comes from: `Sec-Fetch-Site` (every current
 * browser) must be `same-origin`; without it, `Origin` must name this very host. A request with
 * neither is not from a browser and cannot carry a victim's cookie by accident (OWASP CSRF
 * cheat sheet: "verifying origin with standard headers" plus Fetch Metadata).
 */
export const isSameOriginRequest = (request: FastifyRequest): boolean => {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    // request.host is the Host header, or X-Forwarded-Host from a trusted proxy (TRUST_PROXY).
    return new URL(origin).host === request.host;
  } catch {
    return false; // "null" and garbage
  }
};

const isSafeMethod = (method: string) => SAFE_METHODS.has(method);

/**
 * Refuses (403) cross-site state-changing calls to the cookie-authenticated back-office API.
 * Attached to those routes as they are registered; the others never run it.
 */
export const registerCrossSiteRequestGuard = (app: FastifyInstance): void => {
  const guard: onRequestHookHandler = (request, _reply, done) => {
    if (isSafeMethod(request.method) || isSameOriginRequest(request)) {
      done();
      return;
    }
    done(forbidden(CROSS_SITE_MESSAGE, 'cross_site_request'));
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (isBackOfficeRoute(route.url) && !methods.every(isSafeMethod)) {
      appendRouteHook(route, 'onRequest', guard);
    }
  });
};
