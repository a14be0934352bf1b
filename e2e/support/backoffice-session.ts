import { expect, type Page } from '@playwright/test';
import { E2E_URLS } from './e2e-servers.ts';

/** Demo users are seeded with the password `<username>-demo` (apps/server/src/seed). */
export const demoPassword = (username: string) => `${username}-demo`;

/** Signs in through the login form and waits for the invoice list. */
export const signIn = async (page: Page, username: string, password = demoPassword(username)) => {
  await page.goto(`${E2E_URLS.backoffice}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${E2E_URLS.backoffice}/invoices`);
};
