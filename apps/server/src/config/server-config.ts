import path from 'node:path';
import { PAYMENT_STATUS_POLL_MS } from '@paygate/domain';
import ipaddr from 'ipaddr.js';
import type { DatabaseTarget } from '../db/database.ts';

/**
 * Server configuration, read from the environment once at start and validated so a
 * typo fails the start with a clear message instead of misbehaving later.
 */
export interface StaticSiteConfig {
  /** Which front-end this listener serves, for logs. */
  name: 'backoffice' | 'payment-form';
  port: number;
  /** Folder with the built app (index.html and assets/). */
  root: string;
}

export interface ServerConfig {
  host: string;
  port: number;
  /** PostgreSQL when DATABASE_URL is set, else embedded PGlite persisted in DATA_DIR. */
  database: DatabaseTarget;
  /** Built front-ends served on their own ports with the API on the same origin. */
  staticSites: StaticSiteConfig[];
  production: boolean;
  auth: AuthConfig;
  /** 'demo' fills an empty database with demo data at start; never in production. */
  seed: 'demo' | 'none';
  /**
   * Where customers open the hosted payment form (no trailing slash): the merchant API answers
   * `${paymentFormBaseUrl}/payment/{formId}`. Defaults to the local payment-form listener.
   */
  paymentFormBaseUrl: string;
  /**
   * Seconds after which the sandbox provider settles a test-processing payment in progress
   * (SANDBOX_SETTLE_SECONDS, default 5); 0..3600.
   */
  sandboxSettleSeconds: number;
  /**
   * Seconds between two looks at success rates and failing webhook endpoints
   * (ALERT_CHECK_SECONDS, default 10); 1..3600.
   */
  alertCheckSeconds: number;
  /** Live event streams one person may hold open on one instance (LIVE_STREAMS_PER_PERSON, default 20). */
  liveStreamsPerPerson: number;
  /**
   * Whether merchant callbacks may go to loopback and private addresses
   * (CALLBACK_ALLOW_PRIVATE_NETWORKS). Off in production (SSRF guard, decision 0007); on
   * elsewhere, so a merchant's receiver on the developer's machine works.
   */
  callbackAllowPrivateNetworks: boolean;
  /**
   * Whether webhook endpoints and an invoice's callbackUrl may be http:// addresses
   * (WEBHOOK_ALLOW_HTTP). Off in production, where they must be https:// (decision 0021); on
   * elsewhere, so a receiver on the developer's machine, the tests' and the end-to-end journeys'
   * work.
   */
  webhookAllowHttp: boolean;
  /**
   * Which proxies' X-Forwarded-For / X-Forwarded-Proto to believe (TRUST_PROXY): false (default,
   * the socket address is the client), true (any), a hop count, or proxy addresses/CIDRs.
   * Decides request.ip (audit, sign-in throttle) and request.protocol (HSTS).
   */
  trustProxy: TrustProxySetting;
  /**
   * Who may embed the payment form in a frame (PAYMENT_FORM_FRAME_ANCESTORS): CSP
   * frame-ancestors sources. Default `*` in development, `'none'` in production.
   */
  paymentFormFrameAncestors: string[];
  /**
   * Bearer token GET /api/metrics requires (METRICS_TOKEN); null when unset: the endpoint is
   * then open in development and answers 404 in production.
   */
  metricsToken: string | null;
  /** How long the start keeps retrying an unreachable database (DATABASE_CONNECT_TIMEOUT_SECONDS). */
  databaseConnectTimeoutSeconds: number;
  /** Hard limit of a graceful shutdown before the process exits anyway (SHUTDOWN_TIMEOUT_SECONDS). */
  shutdownTimeoutSeconds: number;
  /**
   * Seconds readiness answers 503 while still serving before the listeners close
   * (SHUTDOWN_DRAIN_SECONDS, default 0): set it to the load balancer's health-check interval.
   */
  shutdownDrainSeconds: number;
  /** Per-instance request limits (RATE_LIMIT_*; http/rate-limits.ts, decision 0017). */
  rateLimits: RateLimitConfig;
}

/**
 * Requests allowed per minute and key in one server instance (fixed one-minute windows); the
 * shipped nginx enforces the same groups for all instances behind it (docs/operations.md).
 */
export interface RateLimitConfig {
  /** RATE_LIMIT_ENABLED (default true): false turns every limit of the server off. */
  enabled: boolean;
  /** POST /api/v1/login and /api/v1/user/change_password, per client address. */
  signInPerMinute: number;
  /** POST /api/payments/form/{formId}/status, per client address and form. */
  formStatusPerMinute: number;
  /** The other payment-form calls (init, credential, complete, banks), per client address. */
  formCallsPerMinute: number;
  /** 404 answers of the payment-form calls (unknown form ids) per client address; then 429. */
  unknownFormsPerMinute: number;
  /** Merchant API calls per merchant (X-Api-Key), counted once the signature is verified. */
  merchantApiPerMinute: number;
  /** Provider API calls per provider (X-Api-Key), counted once the signature is verified. */
  providerApiPerMinute: number;
}

/** Fastify's trustProxy forms this configuration produces. */
export type TrustProxySetting = boolean | number | string[];

export interface AuthConfig {
  /** HS256 key of the session JWT; at least 32 characters, never the default in production. */
  jwtSecret: string;
  /**
   * The JWT_SECRET before a change (JWT_SECRET_PREVIOUS): signing and two-factor secrets sealed
   * under it still open, and the start seals them again under the new one (db/secrets-at-rest.ts).
   */
  previousJwtSecret?: string;
  /** Secure flag of the jwt cookie: on in production unless COOKIE_SECURE=false. */
  cookieSecure: boolean;
  sessionTtlMinutes: number;
  /** A session unused this long ends (issue 22, decision 0019); 30 by default. */
  sessionIdleMinutes: number;
  /** The built-in admin role requires two-factor sign-in (TWO_FACTOR_FOR_ADMINS; on in production). */
  adminsRequireTwoFactor: boolean;
}

/** The payment form's address when PAYMENT_FORM_BASE_URL and PAYMENT_FORM_PORT are not set. */
export const DEFAULT_PAYMENT_FORM_BASE_URL = 'http://localhost:8081';

/** Development-only secret; a production start refuses to run with it. */
export const DEVELOPMENT_JWT_SECRET = 'development-only-secret-change-me-0123456789';

/** A metrics token shorter than this is guessable; refused everywhere. */
export const METRICS_TOKEN_MIN_LENGTH = 32;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Environment = Record<string, string | undefined>;

/** Template values (docker/.env.example says "change-me") are not secrets. */
const isPlaceholder = (secret: string): boolean =>
  /change-?me|replace-?me|placeholder/i.test(secret);

const parsePort = (env: Environment, key: string, fallback: number): number => {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`${key} must be a port number between 0 and 65535, got "${raw}"`);
  }
  return port;
};

const optionalSite = (
  env: Environment,
  name: StaticSiteConfig['name'],
  dirKey: string,
  portKey: string,
  defaultPort: number,
): StaticSiteConfig[] => {
  const root = env[dirKey]?.trim();
  if (!root) return [];
  return [{ name, root, port: parsePort(env, portKey, defaultPort) }];
};

const readDatabaseTarget = (env: Environment): DatabaseTarget => {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
    }
    return { kind: 'postgres', url };
  }
  return { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR?.trim() || '.data/pglite') };
};

const parseBoolean = (env: Environment, key: string, fallback: boolean): boolean => {
  const raw = env[key]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${key} must be true or false, got "${env[key]}"`);
};

const parseWholeNumber = (
  env: Environment,
  key: string,
  fallback: number,
  { allowZero }: { allowZero: boolean },
): number => {
  const raw = env[key]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || (value === 0 && !allowZero)) {
    const kind = allowZero ? 'a whole number (0 or more)' : 'a positive whole number';
    throw new ConfigError(`${key} must be ${kind}, got "${env[key]}"`);
  }
  return value;
};

const parsePositiveInteger = (env: Environment, key: string, fallback: number): number =>
  parseWholeNumber(env, key, fallback, { allowZero: false });

const readShutdownSeconds = (env: Environment) => {
  const shutdownTimeoutSeconds = parsePositiveInteger(env, 'SHUTDOWN_TIMEOUT_SECONDS', 25);
  const shutdownDrainSeconds = parseWholeNumber(env, 'SHUTDOWN_DRAIN_SECONDS', 0, {
    allowZero: true,
  });
  if (shutdownDrainSeconds >= shutdownTimeoutSeconds) {
    throw new ConfigError(
      `SHUTDOWN_DRAIN_SECONDS (${shutdownDrainSeconds}) must be less than SHUTDOWN_TIMEOUT_SECONDS (${shutdownTimeoutSeconds})`,
    );
  }
  return { shutdownTimeoutSeconds, shutdownDrainSeconds };
};

/**
 * The payment form polls its status every PAYMENT_STATUS_POLL_MS (12 times a minute): a status
 * limit below twice that would cut off the form's own polling after a reload or a retry.
 */
export const MIN_FORM_STATUS_PER_MINUTE = 2 * Math.ceil(60_000 / PAYMENT_STATUS_POLL_MS);

const readRateLimits = (env: Environment): RateLimitConfig => {
  const limits: RateLimitConfig = {
    enabled: parseBoolean(env, 'RATE_LIMIT_ENABLED', true),
    signInPerMinute: parsePositiveInteger(env, 'RATE_LIMIT_SIGN_IN_PER_MINUTE', 30),
    formStatusPerMinute: parsePositiveInteger(env, 'RATE_LIMIT_FORM_STATUS_PER_MINUTE', 60),
    formCallsPerMinute: parsePositiveInteger(env, 'RATE_LIMIT_FORM_PER_MINUTE', 120),
    unknownFormsPerMinute: parsePositiveInteger(env, 'RATE_LIMIT_UNKNOWN_FORMS_PER_MINUTE', 20),
    merchantApiPerMinute: parsePositiveInteger(env, 'RATE_LIMIT_MERCHANT_API_PER_MINUTE', 600),
    providerApiPerMinute: parsePositiveInteger(env, 'RATE_LIMIT_PROVIDER_API_PER_MINUTE', 1200),
  };
  if (limits.formStatusPerMinute < MIN_FORM_STATUS_PER_MINUTE) {
    throw new ConfigError(
      `RATE_LIMIT_FORM_STATUS_PER_MINUTE must be at least ${MIN_FORM_STATUS_PER_MINUTE} (the payment form polls every ${PAYMENT_STATUS_POLL_MS / 1000} s), got ${limits.formStatusPerMinute}`,
    );
  }
  return limits;
};

const readAuthConfig = (env: Environment, production: boolean): AuthConfig => {
  const jwtSecret = env.JWT_SECRET?.trim() || (production ? '' : DEVELOPMENT_JWT_SECRET);
  if (
    production &&
    (jwtSecret === '' || jwtSecret === DEVELOPMENT_JWT_SECRET || isPlaceholder(jwtSecret))
  ) {
    throw new ConfigError('JWT_SECRET must be set to a secret of your own in production');
  }
  if (jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  }
  const cookieSecure = parseBoolean(env, 'COOKIE_SECURE', production);
  // Browsers accept Secure cookies on https and on http://localhost, so production never needs it off.
  if (production && !cookieSecure) {
    throw new ConfigError('COOKIE_SECURE=false is refused in production');
  }
  const previousJwtSecret = env.JWT_SECRET_PREVIOUS?.trim() || undefined;
  return {
    jwtSecret,
    ...(previousJwtSecret ? { previousJwtSecret } : {}),
    cookieSecure,
    sessionTtlMinutes: parsePositiveInteger(env, 'SESSION_TTL_MINUTES', 12 * 60),
    sessionIdleMinutes: parsePositiveInteger(env, 'SESSION_IDLE_MINUTES', 30),
    adminsRequireTwoFactor: parseBoolean(env, 'TWO_FACTOR_FOR_ADMINS', production),
  };
};

const readSeed = (env: Environment, production: boolean): ServerConfig['seed'] => {
  const seed = env.SEED?.trim() || 'none';
  if (seed !== 'demo' && seed !== 'none') {
    throw new ConfigError(`SEED must be demo or none, got "${seed}"`);
  }
  if (seed === 'demo' && production) {
    throw new ConfigError('SEED=demo is refused in production: demo users have known passwords');
  }
  return seed;
};

const readSandboxSettleSeconds = (env: Environment): number => {
  const raw = env.SANDBOX_SETTLE_SECONDS?.trim();
  if (!raw) return 5;
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || seconds > 3600) {
    throw new ConfigError(
      `SANDBOX_SETTLE_SECONDS must be a whole number from 0 to 3600, got "${raw}"`,
    );
  }
  return seconds;
};

const readAlertCheckSeconds = (env: Environment): number => {
  const raw = env.ALERT_CHECK_SECONDS?.trim();
  if (!raw) return 10;
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || seconds < 1 || seconds > 3600) {
    throw new ConfigError(
      `ALERT_CHECK_SECONDS must be a whole number from 1 to 3600, got "${raw}"`,
    );
  }
  return seconds;
};

const readLiveStreamsPerPerson = (env: Environment): number => {
  const raw = env.LIVE_STREAMS_PER_PERSON?.trim();
  if (!raw) return 20;
  const streams = Number(raw);
  if (!/^\d+$/.test(raw) || streams < 1 || streams > 10_000) {
    throw new ConfigError(
      `LIVE_STREAMS_PER_PERSON must be a whole number from 1 to 10000, got "${raw}"`,
    );
  }
  return streams;
};

const readPaymentFormBaseUrl = (env: Environment, production: boolean): string => {
  const raw = env.PAYMENT_FORM_BASE_URL?.trim();
  if (!raw) {
    // A localhost link handed to real customers would be broken: production must say where.
    if (production) throw new ConfigError('PAYMENT_FORM_BASE_URL must be set in production');
    return `http://localhost:${parsePort(env, 'PAYMENT_FORM_PORT', 8081)}`;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PAYMENT_FORM_BASE_URL must be an http(s) URL, got "${raw}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    throw new ConfigError(`PAYMENT_FORM_BASE_URL must be an http(s) URL, got "${raw}"`);
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new ConfigError(
      'PAYMENT_FORM_BASE_URL must not carry a query, a fragment or credentials',
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
};

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const TRUST_PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrCidr = (value: string): boolean => {
  if (TRUST_PROXY_RANGE_NAMES.has(value)) return true;
  if (value.includes('/')) {
    try {
      ipaddr.parseCIDR(value);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(value);
};

const readTrustProxy = (env: Environment): TrustProxySetting => {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (entries.length === 0 || invalid.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count or comma-separated proxy addresses/CIDRs, got "${raw}"`,
    );
  }
  return entries;
};

/** A CSP frame-ancestors source: a keyword, a scheme, or an origin (host wildcards allowed). */
const FRAME_ANCESTOR_SOURCE =
  /^(\*|'self'|'none'|https?:|https?:\/\/(\*\.)?[a-z0-9.-]+(:(\d{1,5}|\*))?)$/i;

const readPaymentFormFrameAncestors = (env: Environment, production: boolean): string[] => {
  const raw = env.PAYMENT_FORM_FRAME_ANCESTORS?.trim();
  // Production frames only for the merchant checkouts named (same default as the nginx images);
  // development lets any local merchant demo embed it.
  if (!raw) return production ? ["'none'"] : ['*'];
  const sources = raw.split(/\s+/);
  const invalid = sources.filter((source) => !FRAME_ANCESTOR_SOURCE.test(source));
  if (invalid.length > 0) {
    throw new ConfigError(
      `PAYMENT_FORM_FRAME_ANCESTORS must be space-separated origins (https://shop.example), schemes (https:), 'self', 'none' or *, got "${invalid.join(' ')}"`,
    );
  }
  if (sources.includes("'none'") && sources.length > 1) {
    throw new ConfigError("PAYMENT_FORM_FRAME_ANCESTORS: 'none' cannot be combined with sources");
  }
  return sources;
};

const readMetricsToken = (env: Environment, production: boolean): string | null => {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return null;
  if (production && isPlaceholder(token)) {
    throw new ConfigError('METRICS_TOKEN must be set to a secret of your own in production');
  }
  if (token.length < METRICS_TOKEN_MIN_LENGTH) {
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters long`,
    );
  }
  return token;
};

export const readServerConfig = (env: Environment = process.env): ServerConfig => {
  const production = env.NODE_ENV === 'production';
  return {
    host: env.HOST?.trim() || '127.0.0.1',
    port: parsePort(env, 'PORT', 3000),
    production,
    auth: readAuthConfig(env, production),
    seed: readSeed(env, production),
    database: readDatabaseTarget(env),
    staticSites: [
      ...optionalSite(env, 'backoffice', 'BACKOFFICE_DIST', 'BACKOFFICE_PORT', 8080),
      ...optionalSite(env, 'payment-form', 'PAYMENT_FORM_DIST', 'PAYMENT_FORM_PORT', 8081),
    ],
    paymentFormBaseUrl: readPaymentFormBaseUrl(env, production),
    sandboxSettleSeconds: readSandboxSettleSeconds(env),
    alertCheckSeconds: readAlertCheckSeconds(env),
    liveStreamsPerPerson: readLiveStreamsPerPerson(env),
    callbackAllowPrivateNetworks: parseBoolean(env, 'CALLBACK_ALLOW_PRIVATE_NETWORKS', !production),
    webhookAllowHttp: parseBoolean(env, 'WEBHOOK_ALLOW_HTTP', !production),
    trustProxy: readTrustProxy(env),
    paymentFormFrameAncestors: readPaymentFormFrameAncestors(env, production),
    metricsToken: readMetricsToken(env, production),
    databaseConnectTimeoutSeconds: parsePositiveInteger(
      env,
      'DATABASE_CONNECT_TIMEOUT_SECONDS',
      30,
    ),
    ...readShutdownSeconds(env),
    rateLimits: readRateLimits(env),
  };
};
