import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_PAYMENT_FORM_BASE_URL,
  DEVELOPMENT_JWT_SECRET,
  METRICS_TOKEN_MIN_LENGTH,
  MIN_FORM_STATUS_PER_MINUTE,
  readServerConfig,
} from './server-config.ts';

describe('readServerConfig', () => {
  it('defaults to loopback on port 3000, embedded PGlite in .data/pglite, no static sites', () => {
    expect(readServerConfig({})).toEqual({
      host: '127.0.0.1',
      port: 3000,
      production: false,
      auth: {
        jwtSecret: DEVELOPMENT_JWT_SECRET,
        cookieSecure: false,
        sessionTtlMinutes: 720,
        sessionIdleMinutes: 30,
        adminsRequireTwoFactor: false,
      },
      seed: 'none',
      database: { kind: 'pglite', dataDir: path.resolve('.data/pglite') },
      staticSites: [],
      paymentFormBaseUrl: DEFAULT_PAYMENT_FORM_BASE_URL,
      sandboxSettleSeconds: 5,
      alertCheckSeconds: 10,
      liveStreamsPerPerson: 20,
      callbackAllowPrivateNetworks: true,
      webhookAllowHttp: true,
      trustProxy: false,
      paymentFormFrameAncestors: ['*'],
      metricsToken: null,
      databaseConnectTimeoutSeconds: 30,
      shutdownTimeoutSeconds: 25,
      shutdownDrainSeconds: 0,
      rateLimits: {
        enabled: true,
        signInPerMinute: 30,
        formStatusPerMinute: 60,
        formCallsPerMinute: 120,
        unknownFormsPerMinute: 20,
        merchantApiPerMinute: 600,
        providerApiPerMinute: 1200,
      },
    });
  });

  it('reads every rate limit, and can turn them off', () => {
    expect(
      readServerConfig({
        RATE_LIMIT_ENABLED: 'false',
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '10',
        RATE_LIMIT_FORM_STATUS_PER_MINUTE: '120',
        RATE_LIMIT_FORM_PER_MINUTE: '300',
        RATE_LIMIT_UNKNOWN_FORMS_PER_MINUTE: '5',
        RATE_LIMIT_MERCHANT_API_PER_MINUTE: '6000',
        RATE_LIMIT_PROVIDER_API_PER_MINUTE: '2400',
      }).rateLimits,
    ).toEqual({
      enabled: false,
      signInPerMinute: 10,
      formStatusPerMinute: 120,
      formCallsPerMinute: 300,
      unknownFormsPerMinute: 5,
      merchantApiPerMinute: 6000,
      providerApiPerMinute: 2400,
    });
    expect(readServerConfig({ RATE_LIMIT_ENABLED: '1' }).rateLimits.enabled).toBe(true);
    expect(() => readServerConfig({ RATE_LIMIT_ENABLED: 'off' })).toThrow(
      'RATE_LIMIT_ENABLED must be true or false, got "off"',
    );
    for (const key of [
      'RATE_LIMIT_SIGN_IN_PER_MINUTE',
      'RATE_LIMIT_FORM_STATUS_PER_MINUTE',
      'RATE_LIMIT_FORM_PER_MINUTE',
      'RATE_LIMIT_UNKNOWN_FORMS_PER_MINUTE',
      'RATE_LIMIT_MERCHANT_API_PER_MINUTE',
      'RATE_LIMIT_PROVIDER_API_PER_MINUTE',
    ]) {
      for (const value of ['0', '-5', '1.5', '30/min', 'many']) {
        expect(() => readServerConfig({ [key]: value }), `${key}=${value}`).toThrow(
          `${key} must be a positive whole number, got "${value}"`,
        );
      }
    }
  });

  it('refuses a status limit that the payment form’s own polling would run into', () => {
    // The form polls every 5 s: 12 a minute; at least twice that must stay allowed.
    expect(MIN_FORM_STATUS_PER_MINUTE).toBe(24);
    expect(
      readServerConfig({ RATE_LIMIT_FORM_STATUS_PER_MINUTE: '24' }).rateLimits.formStatusPerMinute,
    ).toBe(24);
    expect(() => readServerConfig({ RATE_LIMIT_FORM_STATUS_PER_MINUTE: '23' })).toThrow(
      'RATE_LIMIT_FORM_STATUS_PER_MINUTE must be at least 24 (the payment form polls every 5 s), got 23',
    );
  });

  it('reads which proxies to trust and refuses anything else', () => {
    expect(readServerConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readServerConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readServerConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      readServerConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,loopback' }).trustProxy,
    ).toEqual(['10.0.0.5', '172.16.0.0/12', 'loopback']);
    for (const value of ['yes', '10.0.0.999', '10.0.0.0/99', 'nginx']) {
      expect(() => readServerConfig({ TRUST_PROXY: value }), value).toThrow('TRUST_PROXY must be');
    }
  });

  it('reads who may frame the payment form, stricter by default in production', () => {
    expect(
      readServerConfig({
        PAYMENT_FORM_FRAME_ANCESTORS: "'self' https://shop.example https://*.shop.example:8443",
      }).paymentFormFrameAncestors,
    ).toEqual(["'self'", 'https://shop.example', 'https://*.shop.example:8443']);
    expect(
      readServerConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'p'.repeat(40),
        PAYMENT_FORM_BASE_URL: 'https://pay.example.com',
      }).paymentFormFrameAncestors,
    ).toEqual(["'none'"]);
    for (const value of [
      'https://a.example; script-src *',
      'javascript:',
      "'none' https:",
      'a,b',
    ]) {
      expect(() => readServerConfig({ PAYMENT_FORM_FRAME_ANCESTORS: value }), value).toThrow(
        'PAYMENT_FORM_FRAME_ANCESTORS',
      );
    }
  });

  it('reads the start and shutdown time limits', () => {
    const config = readServerConfig({
      DATABASE_CONNECT_TIMEOUT_SECONDS: '5',
      SHUTDOWN_TIMEOUT_SECONDS: '10',
    });
    expect(config.databaseConnectTimeoutSeconds).toBe(5);
    expect(config.shutdownTimeoutSeconds).toBe(10);
    expect(() => readServerConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(
      'SHUTDOWN_TIMEOUT_SECONDS',
    );
    expect(() => readServerConfig({ DATABASE_CONNECT_TIMEOUT_SECONDS: 'forever' })).toThrow(
      'DATABASE_CONNECT_TIMEOUT_SECONDS',
    );
  });

  it('reads the drain window: none by default, 0 allowed, shorter than the shutdown limit', () => {
    expect(readServerConfig({}).shutdownDrainSeconds).toBe(0);
    expect(readServerConfig({ SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainSeconds).toBe(0);
    expect(readServerConfig({ SHUTDOWN_DRAIN_SECONDS: '5' }).shutdownDrainSeconds).toBe(5);
    expect(() => readServerConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(
      'SHUTDOWN_DRAIN_SECONDS must be a whole number (0 or more), got "-1"',
    );
    expect(() =>
      readServerConfig({ SHUTDOWN_DRAIN_SECONDS: '10', SHUTDOWN_TIMEOUT_SECONDS: '10' }),
    ).toThrow('SHUTDOWN_DRAIN_SECONDS (10) must be less than SHUTDOWN_TIMEOUT_SECONDS (10)');
  });

  it('lets callbacks reach private networks outside production only, unless told otherwise', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      PAYMENT_FORM_BASE_URL: 'https://pay.example.com',
    };
    expect(readServerConfig(production).callbackAllowPrivateNetworks).toBe(false);
    expect(
      readServerConfig({ ...production, CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true' })
        .callbackAllowPrivateNetworks,
    ).toBe(true);
    expect(
      readServerConfig({ CALLBACK_ALLOW_PRIVATE_NETWORKS: 'false' }).callbackAllowPrivateNetworks,
    ).toBe(false);
    expect(() => readServerConfig({ CALLBACK_ALLOW_PRIVATE_NETWORKS: 'sometimes' })).toThrow(
      ConfigError,
    );
  });

  it('takes http:// webhook addresses outside production only, unless told otherwise', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      PAYMENT_FORM_BASE_URL: 'https://pay.example.com',
    };
    expect(readServerConfig(production).webhookAllowHttp).toBe(false);
    expect(readServerConfig({}).webhookAllowHttp).toBe(true);
    expect(readServerConfig({ ...production, WEBHOOK_ALLOW_HTTP: 'true' }).webhookAllowHttp).toBe(
      true,
    );
    expect(readServerConfig({ WEBHOOK_ALLOW_HTTP: 'false' }).webhookAllowHttp).toBe(false);
    // Apart from the private-network setting: each guards something else.
    expect(
      readServerConfig({ ...production, CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true' }).webhookAllowHttp,
    ).toBe(false);
    expect(() => readServerConfig({ WEBHOOK_ALLOW_HTTP: 'sometimes' })).toThrow(ConfigError);
  });

  it('reads the sandbox settle delay and refuses nonsense', () => {
    expect(readServerConfig({ SANDBOX_SETTLE_SECONDS: '0' }).sandboxSettleSeconds).toBe(0);
    expect(readServerConfig({ SANDBOX_SETTLE_SECONDS: '30' }).sandboxSettleSeconds).toBe(30);
    for (const value of ['-1', '1.5', 'soon', '3601']) {
      expect(() => readServerConfig({ SANDBOX_SETTLE_SECONDS: value }), value).toThrow(ConfigError);
    }
  });

  it('reads how often alerts are evaluated and refuses nonsense', () => {
    expect(readServerConfig({ ALERT_CHECK_SECONDS: '2' }).alertCheckSeconds).toBe(2);
    for (const value of ['0', '-1', '1.5', 'often', '3601']) {
      expect(() => readServerConfig({ ALERT_CHECK_SECONDS: value }), value).toThrow(ConfigError);
    }
  });

  it('reads how many live streams a person may hold and refuses nonsense', () => {
    expect(readServerConfig({ LIVE_STREAMS_PER_PERSON: '200' }).liveStreamsPerPerson).toBe(200);
    for (const value of ['0', '1.5', 'many', '10001']) {
      expect(() => readServerConfig({ LIVE_STREAMS_PER_PERSON: value }), value).toThrow(
        ConfigError,
      );
    }
  });

  it('persists PGlite in DATA_DIR', () => {
    expect(readServerConfig({ DATA_DIR: '/var/lib/paygate' }).database).toEqual({
      kind: 'pglite',
      dataDir: '/var/lib/paygate',
    });
  });

  it('uses PostgreSQL when DATABASE_URL is set, and refuses other URLs', () => {
    expect(readServerConfig({ DATABASE_URL: 'postgres://u:p@db:5432/paygate' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/paygate',
    });
    expect(() => readServerConfig({ DATABASE_URL: 'mysql://db/paygate' })).toThrow(
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
    );
  });

  it('reads host, port and both static sites', () => {
    const config = readServerConfig({
      HOST: '0.0.0.0',
      PORT: '4000',
      BACKOFFICE_DIST: '/srv/backoffice',
      BACKOFFICE_PORT: '9000',
      PAYMENT_FORM_DIST: '/srv/pay',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 4000,
      staticSites: [
        { name: 'backoffice', root: '/srv/backoffice', port: 9000 },
        { name: 'payment-form', root: '/srv/pay', port: 8081 },
      ],
    });
  });

  it.each(['abc', '70000', '-1', '3.5'])('rejects PORT=%s with a clear message', (value) => {
    expect(() => readServerConfig({ PORT: value })).toThrow(ConfigError);
    expect(() => readServerConfig({ PORT: value })).toThrow(`PORT must be a port number`);
  });
});

describe('PAYMENT_FORM_BASE_URL', () => {
  it('defaults to the local payment-form listener, following PAYMENT_FORM_PORT', () => {
    expect(readServerConfig({}).paymentFormBaseUrl).toBe('http://localhost:8081');
    expect(readServerConfig({ PAYMENT_FORM_PORT: '9091' }).paymentFormBaseUrl).toBe(
      'http://localhost:9091',
    );
  });

  it('takes an http(s) URL, with or without a path, and drops trailing slashes', () => {
    expect(
      readServerConfig({ PAYMENT_FORM_BASE_URL: 'https://pay.example.com/' }).paymentFormBaseUrl,
    ).toBe('https://pay.example.com');
    expect(
      readServerConfig({ PAYMENT_FORM_BASE_URL: ' https://example.com/checkout// ' })
        .paymentFormBaseUrl,
    ).toBe('https://example.com/checkout');
  });

  it.each([
    'pay.example.com',
    'ftp://pay.example.com',
    'javascript:alert(1)',
    'https://pay.example.com/?a=1',
    'https://pay.example.com/#x',
    'https://user:pass@pay.example.com',
  ])('refuses %s', (value) => {
    expect(() => readServerConfig({ PAYMENT_FORM_BASE_URL: value })).toThrow(ConfigError);
    expect(() => readServerConfig({ PAYMENT_FORM_BASE_URL: value })).toThrow(
      'PAYMENT_FORM_BASE_URL must',
    );
  });

  it('must be set in production', () => {
    expect(() =>
      readServerConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'a-real-secret-of-at-least-32-characters!',
      }),
    ).toThrow('PAYMENT_FORM_BASE_URL must be set in production');
  });
});

describe('production safety', () => {
  const secret = 'a-real-secret-of-at-least-32-characters!';
  const production = { NODE_ENV: 'production', PAYMENT_FORM_BASE_URL: 'https://pay.example.com' };

  it('takes the JWT_SECRET before a change, to reseal signing secrets under the new one', () => {
    const { auth } = readServerConfig({
      ...production,
      JWT_SECRET: secret,
      JWT_SECRET_PREVIOUS: ' the-previous-secret-of-at-least-32-characters ',
    });
    expect(auth.previousJwtSecret).toBe('the-previous-secret-of-at-least-32-characters');
    expect(readServerConfig({ ...production, JWT_SECRET: secret }).auth).not.toHaveProperty(
      'previousJwtSecret',
    );
  });

  it('refuses to start without a secret of its own', () => {
    expect(() => readServerConfig({ NODE_ENV: 'production' })).toThrow(
      'JWT_SECRET must be set to a secret of your own in production',
    );
    expect(() =>
      readServerConfig({ NODE_ENV: 'production', JWT_SECRET: DEVELOPMENT_JWT_SECRET }),
    ).toThrow('JWT_SECRET must be set to a secret of your own in production');
    // A template value padded to length is still a template value.
    expect(() =>
      readServerConfig({ ...production, JWT_SECRET: 'change-me-change-me-change-me-change-me' }),
    ).toThrow('JWT_SECRET must be set to a secret of your own in production');
  });

  it('refuses short secrets anywhere', () => {
    expect(() => readServerConfig({ JWT_SECRET: 'short' })).toThrow('at least 32 characters');
  });

  it('marks cookies Secure in production and refuses to turn that off there', () => {
    expect(readServerConfig({ ...production, JWT_SECRET: secret }).auth.cookieSecure).toBe(true);
    expect(() =>
      readServerConfig({ ...production, JWT_SECRET: secret, COOKIE_SECURE: 'false' }),
    ).toThrow('COOKIE_SECURE=false is refused in production');
    expect(readServerConfig({ COOKIE_SECURE: 'true' }).auth.cookieSecure).toBe(true);
    expect(() => readServerConfig({ COOKIE_SECURE: 'maybe' })).toThrow('COOKIE_SECURE must be');
  });

  it('takes a metrics token only when long enough', () => {
    const token = 'm'.repeat(METRICS_TOKEN_MIN_LENGTH);
    expect(readServerConfig({ ...production, JWT_SECRET: secret }).metricsToken).toBeNull();
    expect(readServerConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() =>
      readServerConfig({
        ...production,
        JWT_SECRET: secret,
        METRICS_TOKEN: `change-me-${'x'.repeat(40)}`,
      }),
    ).toThrow('METRICS_TOKEN must be set to a secret of your own in production');
    expect(() => readServerConfig({ METRICS_TOKEN: 'short-token' })).toThrow(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters long`,
    );
  });

  it('never seeds demo users in production', () => {
    expect(readServerConfig({ SEED: 'demo' }).seed).toBe('demo');
    expect(() =>
      readServerConfig({ NODE_ENV: 'production', JWT_SECRET: secret, SEED: 'demo' }),
    ).toThrow('SEED=demo is refused in production');
    expect(() => readServerConfig({ SEED: 'everything' })).toThrow('SEED must be demo or none');
  });

  it('validates the session lifetime', () => {
    expect(readServerConfig({ SESSION_TTL_MINUTES: '30' }).auth.sessionTtlMinutes).toBe(30);
    expect(() => readServerConfig({ SESSION_TTL_MINUTES: '0' })).toThrow('SESSION_TTL_MINUTES');
  });
});
