import type { FastifyInstance } from 'fastify';
import { API_PATH_PREFIX } from './framework-errors.ts';

/** What a listener serves: the API alone, or one of the built front-ends with the API. */
export type ListenerKind = 'api' | 'backoffice' | 'payment-form';

export interface SecurityHeadersOptions {
  kind: ListenerKind;
  /** CSP frame-ancestors of the payment form (ServerConfig.paymentFormFrameAncestors). */
  paymentFormFrameAncestors?: string[];
}

/** One year, the value HSTS preload lists ask for. */
const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy directives of a listener (decision 0013).
 * - API: JSON only, so nothing may load or frame it.
 * - Front-ends: scripts only from our own origin (Vite emits module scripts with src, no inline
 *   ones). Styles allow 'unsafe-inline' because notistack (goober) injects a <style> element at
 *   run time; inline styles cannot run code. The back office is never framed; the payment
 *   form is framed by merchants' checkout pages as PAYMENT_FORM_FRAME_ANCESTORS allows.
 */
const contentSecurityPolicyDirectives = ({
  kind,
  paymentFormFrameAncestors = ['*'],
}: SecurityHeadersOptions): Record<string, string[]> => {
  if (kind === 'api') {
    return {
      'default-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    };
  }
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': kind === 'payment-form' ? paymentFormFrameAncestors : ["'none'"],
  };
};

/** The header value (the listeners, and the API docs page with the back office's policy). */
export const contentSecurityPolicyHeader = (options: SecurityHeadersOptions): string =>
  Object.entries(contentSecurityPolicyDirectives(options))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');

/**
 * Every security header of a listener but HSTS, computed once at start: the same set helmet
 * sends with this policy (security-headers.test.ts pins it), set in one hook, because helmet's
 * middleware chain per request cost a fifth of the throughput of the hot polling route
 * (issue 10, docs/performance.md).
 */
export const staticSecurityHeaders = (options: SecurityHeadersOptions): Record<string, string> => {
  const framedByMerchants = options.kind === 'payment-form';
  return {
    'content-security-policy': contentSecurityPolicyHeader(options),
    // A merchant may open the form in a popup and watch it; same-origin would cut that link.
    ...(framedByMerchants ? {} : { 'cross-origin-opener-policy': 'same-origin' }),
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    // The form's address carries its id: other sites get our origin at most.
    'referrer-policy': framedByMerchants ? 'strict-origin-when-cross-origin' : 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    // frame-ancestors decides for the payment form; X-Frame-Options cannot list origins.
    ...(framedByMerchants ? {} : { 'x-frame-options': 'DENY' }),
    'x-permitted-cross-domain-policies': 'none',
    // The legacy XSS auditor is itself exploitable: switched off, as current advice says.
    'x-xss-protection': '0',
  };
};

/** The API docs: pages under the API's prefix. */
const API_DOCS_PATH_PREFIX = '/api/docs';

/**
 * The headers of an API answer: JSON, CSV or an event stream, never rendered as a page (decision
 * 0024). They are the set OWASP's REST Security Cheat Sheet asks of an API: no caching of
 * payment data anywhere on the way, nothing may load it as a page's content or frame it, no
 * content sniffing; Cross-Origin-Resource-Policy keeps other sites from pulling an answer into
 * their process with a no-cors load. The page headers (COOP, Referrer-Policy, Origin-Agent-Cluster,
 * the legacy X-* ones) act on documents only, and every one of them costs each answer and each
 * client: the status poll is the busiest call of all (issue 10). Routes set their own
 * Cache-Control where they mean something else.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': 'no-store',
  'content-security-policy': contentSecurityPolicyHeader({ kind: 'api' }),
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** Whether a request's answer is an API answer (not a page, an asset or the API docs). */
const isApiAnswer = (url: string): boolean =>
  url.startsWith(API_PATH_PREFIX) && !url.startsWith(API_DOCS_PATH_PREFIX);

/**
 * Security headers on every response of a listener (pages, assets, API answers, 404s): the
 * listener's page set for pages and assets, the API set for API answers, and HSTS when the
 * request came over https (directly or, with TRUST_PROXY, per X-Forwarded-Proto). No CORS
 * headers are ever sent: the front-ends call the API on their own origin, so cross-origin
 * browser calls stay refused.
 */
export const registerSecurityHeaders = (
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): void => {
  const pageHeaders = staticSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? API_SECURITY_HEADERS : pageHeaders);
    // Sent only on https requests: over plain http browsers ignore it anyway.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_HEADER);
    done();
  });
};
