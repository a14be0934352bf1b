import { randomUUID } from 'node:crypto';
import { expect, type PlaywrightWorkerArgs } from '@playwright/test';
import { demoApiAs } from './demo-api.ts';

/**
 * A back-office user of its own, made by the demo admin through the users API and given its
 * first password through its one-time link (decision 0019): a journey that changes a password
 * changes this user's, never a demo user's that other specs sign in with.
 */
export const createStaffUser = async (
  playwright: PlaywrightWorkerArgs['playwright'],
  { role, merchantId = null }: { role: string; merchantId?: number | null },
) => {
  const suffix = randomUUID().slice(0, 8);
  const user = {
    username: `e2e-${role}-${suffix}`,
    firstName: 'Dilfuza',
    lastName: `Tester ${suffix}`,
    password: `First-${randomUUID()}`,
  };
  const admin = await demoApiAs(playwright, 'admin');
  try {
    const created = await admin.post('/api/v1/users', {
      data: {
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        merchantId,
        roles: [role],
      },
    });
    expect(created.status(), 'the admin adds the user').toBe(201);
    const { token } = (await created.json()).data.passwordLink as { token: string };
    const set = await admin.post(`/api/v1/password-reset/${token}`, {
      data: { newPassword: user.password },
    });
    expect(set.status(), 'the user sets a first password through the link').toBe(200);
  } finally {
    await admin.dispose();
  }
  return { ...user, fullName: `${user.firstName} ${user.lastName}` };
};
