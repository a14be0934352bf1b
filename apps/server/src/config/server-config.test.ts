import { describe, expect, it } from 'vitest';
import { ConfigError, readServerConfig } from './server-config.ts';

describe('readServerConfig', () => {
  it('defaults to loopback on port 3000 with no static sites', () => {
    expect(readServerConfig({})).toEqual({ host: '127.0.0.1', port: 3000, staticSites: [] });
  });

  it('reads host, port and both static sites', () => {
    const config = readServerConfig({
      HOST: '0.0.0.0',
      PORT: '4000',
      BACKOFFICE_DIST: '/srv/backoffice',
      BACKOFFICE_PORT: '9000',
      PAYMENT_FORM_DIST: '/srv/pay',
    });
    expect(config).toEqual({
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
