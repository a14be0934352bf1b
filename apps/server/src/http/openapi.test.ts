import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

describe('OpenAPI document', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp?.close());

  it('describes the routes from their schemas at /api/openapi.json', async () => {
    const response = await testApp.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/v1/login',
        '/api/v1/logout',
        '/api/v1/people/me',
      ]),
    );
    const login = document.paths['/api/v1/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'username',
      'password',
    ]);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
  });

  it('serves a browsable UI at /api/docs', async () => {
    const response = await testApp.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await testApp.app.inject({ url: '/api/v1/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('not found');
  });
});
