import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
export const contentSecurityPolicyDirectives = ({
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

/** The header value, e.g. for an nginx in front that serves the built front-ends itself. */
export const contentSecurityPolicyHeader = (options: SecurityHeadersOptions): string =>
  Object.entries(contentSecurityPolicyDirectives(options))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');

const helmetOptionsOf = (options: SecurityHeadersOptions): FastifyHelmetOptions => {
  const framedByMerchants = options.kind === 'payment-form';
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicyDirectives(options),
    },
    // Sent only on https requests (hook below): over plain http browsers ignore it anyway.
    strictTransportSecurity: false,
    // frame-ancestors decides for the payment form; X-Frame-Options cannot list origins.
    xFrameOptions: framedByMerchants ? false : { action: 'deny' },
    // A merchant may open the form in a popup and watch it; same-origin would cut that link.
    crossOriginOpenerPolicy: framedByMerchants ? false : { policy: 'same-origin' },
    // The form's address carries its id: other sites get our origin at most.
    referrerPolicy: {
      policy: framedByMerchants ? 'strict-origin-when-cross-origin' : 'no-referrer',
    },
  };
};

/**
 * Security headers on every response of a listener (pages, assets, API answers, 404s):
 * CSP, nosniff, Referrer-Policy, frame protection, and HSTS when the request came over https
 * (directly or, with TRUST_PROXY, per X-Forwarded-Proto). No CORS headers are ever sent: the
 * front-ends call the API on their own origin, so cross-origin browser calls stay refused.
 */
export const registerSecurityHeaders = async (
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> => {
  await app.register(helmet, helmetOptionsOf(options));
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_HEADER);
  });
};
