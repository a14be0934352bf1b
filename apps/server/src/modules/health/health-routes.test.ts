import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';

describe('GET /api/health', () => {
  const testApp = createTestApp();
  const appPromise = testApp.then(({ app }) => app);
  afterAll(async () => (await testApp).close());

  it('answers ok', async () => {
    const app = await appPromise;
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 404 for unknown API paths', async () => {
    const app = await appPromise;
    const response = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
  });
});
