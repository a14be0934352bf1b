import { expect, test } from '@playwright/test';
import { E2E_URLS } from '../support/e2e-servers.ts';
import { saveScreenshot } from '../support/screenshots.ts';

test.describe('the built product serves', () => {
  test('the API health check', async ({ request }) => {
    const response = await request.get(`${E2E_URLS.api}/api/health`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  test('the back office, sending unknown routes to login', async ({ page }, testInfo) => {
    await page.goto(`${E2E_URLS.backoffice}/some/unknown/route`);
    await expect(page).toHaveURL(`${E2E_URLS.backoffice}/login`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'backoffice-login');
  });

  test('the payment form on its own origin with the API same-origin', async ({
    page,
  }, testInfo) => {
    await page.goto(`${E2E_URLS.paymentForm}/payment/form-123?lang=en`);
    await expect(page.getByRole('heading', { name: 'Payment not found' })).toBeVisible();
    const health = await page.evaluate(async () => (await fetch('/api/health')).json());
    expect(health).toEqual({ status: 'ok' });
    await saveScreenshot(page, testInfo, 'payment-form-not-found');
  });
});
