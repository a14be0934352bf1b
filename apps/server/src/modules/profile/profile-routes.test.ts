import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { createTestApp, createTestPerson, signIn, type TestApp } from '../../testing/test-app.ts';

describe.each(TEST_DATABASE_KINDS)('the signed-in person’s profile on %s', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    await createTestPerson(testApp.db, {
      username: 'alice',
      password: 'alice-secret',
      role: 'support',
    });
  });
  afterAll(async () => testApp?.close());

  it('switches the test dashboard', async () => {
    const cookie = await signIn(testApp.app, 'alice', 'alice-secret');
    const on = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/people/me/testDashboard',
      headers: { cookie },
      payload: { testDashboard: true },
    });
    expect(on.json().data.testDashboard).toBe(true);
    const toggled = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/v1/people/me/testDashboard',
      headers: { cookie },
    });
    expect(toggled.json().data.testDashboard).toBe(false);
  });
});
