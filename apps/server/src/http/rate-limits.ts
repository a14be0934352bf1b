import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import type { RateLimitConfig } from '../config/server-config.ts';
import { MERCHANT_API_PREFIX } from '../modules/merchant-api/merchant-api-routes.ts';
import { requireApiMerchant } from '../modules/merchant-api/merchant-auth.ts';
import { formIdParams } from '../modules/payment-form/payment-form-schemas.ts';
import { PROVIDER_API_PREFIX } from '../modules/provider-api/provider-api-routes.ts';
import { requireApiProvider } from '../modules/provider-api/provider-auth.ts';
import { tooManyRequests } from './http-errors.ts';
import { appendRouteHook, type RouteHookName } from './route-hooks.ts';

/**
 * Request rate limits of one server instance (issue 19; decision 0017 "Rate limits"): sign-in,
 * the public payment-form calls and the signed merchant and provider APIs. Counters live in
 * memory, one set per process shared by its listeners; the shipped nginx enforces the same
 * groups for every instance behind it (docker/nginx/, docs/operations.md).
 *
 * @fastify/rate-limit does the counting hooks of sign-in and the signed APIs, their 429 and the
 * IETF draft headers (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`,
 * `Retry-After`). The store under it is ours (the plugin's documented `store` option) for two
 * reasons: the plugin builds a new store per Fastify instance, and a process serves the API on up
 * to three listeners (main.ts), which must count together; and its clock can be set, so tests
 * move time instead of waiting. The public form calls are counted over the same store by
 * callback hooks of this module, with the same 429 and headers: the plugin's async hook was a
 * tenth of the status poll's cost (decision 0025). Unknown form ids are counted from the answers
 * (404, and 400 for a malformed id), which the plugin cannot do (it counts requests before they
 * are handled).
 */

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests.';

/** Every limit counts over fixed windows of one minute. */
const WINDOW_MS = 60_000;

/**
 * Keys kept per limit. Past this the oldest windows are dropped (their counts start again),
 * which bounds memory at about 10 MB per limit whatever a flood of new keys does.
 */
export const MAX_KEYS_PER_LIMIT = 50_000;

/** Clients on IPv6 usually hold a whole /64 (as the sign-in throttle counts them). */
const IPV6_PREFIX_LENGTH = 64;

/** The limits that count requests, each with its own counters. */
type LimitName = 'signIn' | 'formStatus' | 'formCalls' | 'merchantApi' | 'providerApi';
/** Counted by @fastify/rate-limit's hooks. */
type PluginLimitName = 'signIn' | 'merchantApi' | 'providerApi';
/** Counted by this module's own hooks (the public form calls). */
type FormLimitName = Exclude<LimitName, PluginLimitName>;

const SIGN_IN_URLS = new Set(['/api/v1/login', '/api/v1/user/change_password']);
const PAYMENT_FORM_PREFIX = '/api/payments/form/';

/** The limit a route's URL (prefix included) falls under; undefined: never limited. */
export const rateLimitOfRoute = (url: string): LimitName | undefined => {
  // A one-time link and the sign-in's second step check secrets too (decision 0019); the signed-in
  // code checks go through the sign-in throttle (two-factor-service.ts).
  if (
    SIGN_IN_URLS.has(url) ||
    url.startsWith('/api/v1/password-reset/') ||
    url.startsWith('/api/v1/login/')
  ) {
    return 'signIn';
  }
  if (url.startsWith(PAYMENT_FORM_PREFIX))
    return url.endsWith('/status') ? 'formStatus' : 'formCalls';
  if (url.startsWith(`${MERCHANT_API_PREFIX}/`)) return 'merchantApi';
  if (url.startsWith(`${PROVIDER_API_PREFIX}/`)) return 'providerApi';
  return undefined;
};

// --- Counters -----------------------------------------------------------------------------------

interface Window {
  count: number;
  startedAt: number;
}

interface Count {
  /** Requests counted in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Fixed one-minute windows per key, oldest dropped first once MAX_KEYS_PER_LIMIT are held. */
class WindowCounters {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number) {}

  private live(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    return window && now - window.startedAt < WINDOW_MS ? window : undefined;
  }

  increment(key: string): Count {
    const now = this.now();
    let window = this.live(key, now);
    if (!window) {
      // Re-inserted, so the map's order stays the order in which windows started.
      this.windows.delete(key);
      if (this.windows.size >= MAX_KEYS_PER_LIMIT) this.dropOldest(now);
      window = { count: 0, startedAt: now };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.startedAt + WINDOW_MS - now };
  }

  read(key: string): Count {
    const now = this.now();
    const window = this.live(key, now);
    return window
      ? { current: window.count, ttl: window.startedAt + WINDOW_MS - now }
      : { current: 0, ttl: WINDOW_MS };
  }

  /** Ended windows go first; a tenth of the map at least, so this runs rarely under a flood. */
  private dropOldest(now: number) {
    const target = MAX_KEYS_PER_LIMIT - Math.ceil(MAX_KEYS_PER_LIMIT / 10);
    for (const [key, window] of this.windows) {
      if (this.windows.size <= target && now - window.startedAt < WINDOW_MS) break;
      this.windows.delete(key);
    }
  }
}

/** The limits and the counters of one process: main.ts makes one and gives it to every listener. */
export interface RateLimiting {
  limits: RateLimitConfig;
  /** Counters per limit (and `unknownForms`), made on first use. */
  counters: (name: LimitName | 'unknownForms') => WindowCounters;
}

export const createRateLimiting = (
  limits: RateLimitConfig,
  { now = Date.now }: { now?: () => number } = {},
): RateLimiting => {
  const byName = new Map<string, WindowCounters>();
  return {
    limits,
    counters: (name) => {
      let counters = byName.get(name);
      if (!counters) {
        counters = new WindowCounters(now);
        byName.set(name, counters);
      }
      return counters;
    },
  };
};

/**
 * The plugin's store interface over our counters. The plugin makes one store per listener
 * (`new Store()`) and asks it for a child per limit; each child is the process's counters of that
 * limit, named by the `groupId` the limit is created with.
 */
const storeOver = (rateLimiting: RateLimiting) =>
  class SharedRateLimitStore {
    incr(): never {
      throw new Error('rate limits are created per group (global: false)');
    }
    // Typed as route options; at run time the plugin passes the limit's own options.
    child(options: object) {
      const { groupId } = options as { groupId?: string };
      const counters = rateLimiting.counters(groupId as LimitName);
      return {
        incr: (key: string, callback: (error: null, result: Count) => void) =>
          callback(null, counters.increment(key)),
        read: (key: string, callback: (error: null, result: Count) => void) =>
          callback(null, counters.read(key)),
        child: () => {
          throw new Error('rate-limit stores are not nested');
        },
      };
    }
  };

// --- Keys ---------------------------------------------------------------------------------------

/** The client's address (request.ip, decided by TRUST_PROXY), IPv6 by its /64. */
const clientAddress = (request: FastifyRequest): string => {
  // A socket closed before the request was read has no address left.
  const address = request.ip ?? '';
  // Without a colon it is no IPv6 address, and normalizeIP would only lower-case it: its IPv6
  // test is a long regular expression, run twice on every limited request (the status poll's).
  return address.includes(':') ? normalizeIP(address, IPV6_PREFIX_LENGTH) : address.toLowerCase();
};

/** The form ids the form calls' schema accepts; any other is refused 400 before any lookup. */
const WELL_FORMED_FORM_ID = new RegExp(formIdParams.properties.formId.pattern);

/** A form id as it came in the path; cut short, since an invalid one is refused later anyway. */
const formIdOf = (request: FastifyRequest): string =>
  String((request.params as { formId?: unknown }).formId ?? '').slice(0, 64);

/**
 * The merchant a signed merchant API request speaks for, whichever of its API keys signed it: a
 * merchant holds up to 20 live keys (decision 0021), and counting per key gave it 20 allowances.
 * Set by the signature check, which runs before the limit (see the hooks below).
 */
const merchantOf = (request: FastifyRequest): string => String(requireApiMerchant(request).id);

/** The provider a signed provider API request speaks for, set by its signature check. */
const providerOf = (request: FastifyRequest): string => String(requireApiProvider(request).id);

// --- Registration -------------------------------------------------------------------------------

/**
 * Registers the limits on the API routes registered after it (it must come before the routes).
 * Without `rateLimiting`, or with `enabled: false`, nothing is limited: apps built for tests
 * that are about something else send far more requests than any client should.
 */
export const registerRateLimits = async (
  app: FastifyInstance,
  rateLimiting: RateLimiting | undefined,
): Promise<void> => {
  if (!rateLimiting?.limits.enabled) return;
  const { limits } = rateLimiting;

  await app.register(rateLimit, {
    global: false,
    store: storeOver(rateLimiting),
    enableDraftSpec: true,
    // The plugin sends Retry-After and the RateLimit headers itself; the detail says the wait too.
    errorResponseBuilder: (_request, { ttl }) =>
      tooManyRequests(TOO_MANY_REQUESTS_MESSAGE, ttl / 1000, 'rate_limited'),
  });

  // Sign-in and the signed APIs say their limit on every counted answer, for integrators pacing
  // themselves.
  const limit = (
    groupId: PluginLimitName,
    max: number,
    keyGenerator: (request: FastifyRequest) => string,
  ) => app.rateLimit({ groupId, max, timeWindow: WINDOW_MS, keyGenerator });

  /** The 429 of a limit reached, with the headers the plugin sends with its own. */
  const refuse = (reply: FastifyReply, max: number, ttl: number, done: HookHandlerDoneFunction) => {
    const refusal = tooManyRequests(TOO_MANY_REQUESTS_MESSAGE, ttl / 1000, 'rate_limited');
    const seconds = refusal.headers['retry-after'] ?? '1';
    reply.headers({
      'ratelimit-limit': String(max),
      'ratelimit-remaining': '0',
      'ratelimit-reset': seconds,
    });
    done(refusal);
  };

  // Unknown form ids: every 404 of a form call counts for the client's address, and so does a 400
  // whose form id is malformed (the schema refuses it, and params are validated before the body,
  // so the id was what was wrong): otherwise guessing with malformed ids would be free. Other 400s
  // do not count: a wrong body is refused before the form is looked up (nothing learnt, no query)
  // and past the lookup an unknown id is a 404, so they are customers' mistakes on real forms,
  // which must not block the customers behind the same carrier address. Past the limit each form
  // call of that address is refused until the window ends.
  const unknownForms = rateLimiting.counters('unknownForms');
  const countUnknownForm = (
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ) => {
    const status = reply.statusCode;
    if (
      status === 404 ||
      (status === 400 &&
        !WELL_FORMED_FORM_ID.test(String((request.params as { formId?: unknown }).formId ?? '')))
    ) {
      unknownForms.increment(clientAddress(request));
    }
    done();
  };

  // The public form calls count in one callback-style hook of our own over the same counters,
  // and say their limit only when it is reached: a browser reads no RateLimit headers (decision
  // 0024). The plugin's hook is an async function that awaits the key and the store: on the
  // status poll, the busiest call of all (issue 10), it cost a tenth of the server's time. An
  // address guessing form ids is refused first, and that call is not counted.
  const countFormCall = (
    name: FormLimitName,
    max: number,
    keyOf: (request: FastifyRequest, address: string) => string,
  ) => {
    const counters = rateLimiting.counters(name);
    return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const address = clientAddress(request);
      const guesses = unknownForms.read(address);
      if (guesses.current >= limits.unknownFormsPerMinute) {
        refuse(reply, limits.unknownFormsPerMinute, guesses.ttl, done);
        return;
      }
      const { current, ttl } = counters.increment(keyOf(request, address));
      if (current <= max) {
        done();
        return;
      }
      refuse(reply, max, ttl, done);
    };
  };

  // Which hook counts: sign-in and the form before anything else is done (the body is not even
  // read; a password change once the app's session check has passed it). The signed APIs once
  // the signature is verified (their preValidation hook, which runs before route-level ones): a
  // merchant's public key is no secret, so counting unsigned requests against it would let
  // anyone who knows the key use up the merchant's allowance. Unsigned requests get their 401
  // and are bounded per address by nginx. They count per merchant and per provider, as the
  // verified signature names them (request.apiMerchant, request.apiProvider): every key of a
  // merchant shares its one allowance.
  const hooks: Record<LimitName, { hook: RouteHookName; handler: unknown }> = {
    signIn: { hook: 'onRequest', handler: limit('signIn', limits.signInPerMinute, clientAddress) },
    formStatus: {
      hook: 'onRequest',
      handler: countFormCall(
        'formStatus',
        limits.formStatusPerMinute,
        (request, address) => `${address} ${formIdOf(request)}`,
      ),
    },
    formCalls: {
      hook: 'onRequest',
      handler: countFormCall(
        'formCalls',
        limits.formCallsPerMinute,
        (_request, address) => address,
      ),
    },
    merchantApi: {
      hook: 'preValidation',
      handler: limit('merchantApi', limits.merchantApiPerMinute, merchantOf),
    },
    providerApi: {
      hook: 'preValidation',
      handler: limit('providerApi', limits.providerApiPerMinute, providerOf),
    },
  };

  app.addHook('onRoute', (route) => {
    const name = rateLimitOfRoute(route.url);
    if (!name) return;
    if (name === 'formStatus' || name === 'formCalls') {
      appendRouteHook(route, 'onResponse', countUnknownForm);
    }
    const { hook, handler } = hooks[name];
    appendRouteHook(route, hook, handler);
  });
};
