import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Every back-office call of SPEC §7, copied from the spec: the server must answer each one.
 * Path parameters are written the Fastify way (:id).
 */
const SPEC_BACK_OFFICE_ROUTES: Array<
  [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string]
> = [
  ['POST', '/api/v1/login'],
  ['POST', '/api/v1/logout'],
  ['GET', '/api/v1/people/me'],
  ['GET', '/api/v1/people/account'],
  ['GET', '/api/v1/people/account/:id'],
  ['PATCH', '/api/v1/people/account/:id'],
  ['POST', '/api/v1/people/create'],
  ['PATCH', '/api/v1/people/me/testDashboard'],
  ['POST', '/api/v1/user/change_password'],
  ['GET', '/api/router/v1/people/account/limit/:id'],
  ['PUT', '/api/router/v1/people/account/limit/:id'],
  ['GET', '/api/v1/invoice'],
  ['GET', '/api/v1/invoice/:id'],
  ['GET', '/api/v1/invoice/csv'],
  ['PATCH', '/api/v1/invoice/status'],
  ['PATCH', '/api/v1/invoice/amount'],
  ['POST', '/api/v1/invoice/retry'],
  ['GET', '/api/v1/event/status'],
  ['GET', '/api/v1/event/error'],
  ['GET', '/api/v1/event/invoice'],
  ['GET', '/api/v1/transaction/invoice'],
  ['GET', '/api/v1/merchant/callback'],
  ['POST', '/api/v1/merchant/callback'],
  ['GET', '/api/v1/merchant/support/:invoiceId'],
  ['POST', '/api/v1/merchant/support/approve'],
  ['POST', '/api/v1/merchant/support/reject'],
  ['GET', '/api/v1/merchant/me'],
  ['GET', '/api/v1/merchant'],
  ['GET', '/api/v1/merchant/balance'],
  ['GET', '/api/v1/merchant/deposit'],
  ['GET', '/api/v1/merchant/withdrawal'],
  ['PUT', '/api/v1/merchant/:id'],
  ['POST', '/api/v1/merchant'],
  ['GET', '/api/v1/terminal'],
  ['GET', '/api/v1/terminal/:id'],
  ['GET', '/api/v1/terminal/pool'],
  ['PATCH', '/api/v1/terminal/:id'],
  ['PUT', '/api/v1/terminal/:id'],
  ['DELETE', '/api/v1/terminal/:id'],
  ['POST', '/api/v1/terminal/merchantId=:id'],
  ['GET', '/api/v1/terminal/statistic'],
  ['GET', '/api/data/v1/terminal'],
  ['POST', '/api/v1/settlement'],
  ['GET', '/api/v1/provider'],
  ['GET', '/api/v1/reference'],
  ['GET', '/api/v1/reference/currency'],
  ['GET', '/api/v1/report/balance'],
  ['GET', '/api/v1/report/invoice'],
  ['GET', '/api/v1/report/provider'],
  ['GET', '/api/v1/report/pool/balance'],
];

describe('SPEC §7 back-office routes', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp?.close());

  it.each(SPEC_BACK_OFFICE_ROUTES)('%s %s is served and needs a session', async (method, path) => {
    const url = path.replace(/:[a-zA-Z]+/g, '1');
    const response = await testApp.app.inject({ method, url });
    // Public calls answer without a session; every other one asks for it.
    const isPublic = path === '/api/v1/login' || path === '/api/v1/logout';
    if (isPublic) expect(response.statusCode).not.toBe(404);
    else expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(401);
  });
});
