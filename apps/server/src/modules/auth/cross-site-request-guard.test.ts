import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { createTestApp, createTestPerson, signIn, type TestApp } from '../../testing/test-app.ts';
import { CROSS_SITE_MESSAGE } from './cross-site-request-guard.ts';

describe.each(TEST_DATABASE_KINDS)('cross-site request guard on %s', (kind) => {
  let world: TestApp;
  let cookie: string;
  const host = 'admin.paygate.example';

  beforeAll(async () => {
    world = await createTestApp(kind);
    await createTestPerson(world.db, {
      username: 'alice',
      password: 'alice-password-1',
      role: 'admin',
    });
    cookie = await signIn(world.app, 'alice', 'alice-password-1');
  });
  afterAll(async () => world?.close());

  const changePassword = (headers: Record<string, string>) =>
    world.app.inject({
      method: 'POST',
      url: '/api/v1/user/change_password',
      headers: { host, cookie, ...headers },
      // A wrong current password: an allowed request answers 400, a refused one 403.
      payload: { currentPassword: 'not-it', newPassword: 'a-new-password-2' },
    });

  it('refuses state-changing calls from another origin of the same site, with the cookie', async () => {
    const refused: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-site', origin: 'https://pay.paygate.example' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { origin: 'https://pay.paygate.example' },
      { origin: `https://${host}:8443` },
      { origin: 'null' },
    ];
    for (const headers of refused) {
      const response = await changePassword(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ detail: CROSS_SITE_MESSAGE });
    }
  });

  it('lets the back office’s own pages and non-browser clients through', async () => {
    const allowed: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin', origin: `https://${host}` },
      { origin: `https://${host}` },
      { origin: `http://${host}` },
      {},
    ];
    for (const headers of allowed) {
      const response = await changePassword(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(400);
    }
  });

  it('guards the sign-in too (no login CSRF), but not reads, the form or the signed APIs', async () => {
    const crossSite = { host, 'sec-fetch-site': 'same-site' };
    const login = await world.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: crossSite,
      payload: { username: 'alice', password: 'alice-password-1' },
    });
    expect(login.statusCode).toBe(403);
    const read = await world.app.inject({
      method: 'GET',
      url: '/api/v1/people/me',
      headers: { ...crossSite, cookie },
    });
    expect(read.statusCode).toBe(200);
    const form = await world.app.inject({
      method: 'POST',
      url: '/api/payments/form/no-such-form/complete',
      headers: crossSite,
      payload: {},
    });
    expect(form.statusCode).not.toBe(403);
    const merchantApi = await world.app.inject({
      method: 'POST',
      url: '/api/merchant/v1/invoices',
      headers: crossSite,
      payload: {},
    });
    expect(merchantApi.statusCode).toBe(401);
  });
});
