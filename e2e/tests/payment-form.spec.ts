import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  demoMerchantApi,
  demoTerminalId,
  providerOfInvoice,
  signedRequest,
} from '../support/demo-api.ts';
import { E2E_URLS } from '../support/e2e-servers.ts';
import { formUrl } from '../support/payment-form.ts';
import { saveScreenshot } from '../support/screenshots.ts';

/** Bank names are the SBP reference list's (205), e.g. 'Sberbank'; the search ignores case. */
const BANK_SEARCH = 'sber';

test.describe('hosted payment form against the real server', () => {
  test('an unknown form says so', async ({ page }) => {
    await page.goto(`${E2E_URLS.paymentForm}/payment/${'A'.repeat(32)}?lang=en`);
    await expect(page.getByRole('heading', { name: 'Payment not found' })).toBeVisible();
  });

  test('a deposit: requisites, "I have paid", confirmed by the provider, Success', async ({
    page,
    request,
  }, testInfo) => {
    const terminalId = await demoTerminalId(request, 'UZS deposits');
    const created = await demoMerchantApi.createInvoice({
      flowType: 'DEPOSIT',
      terminalId,
      amount: 250_000,
      currency: 'UZS',
      merchantInvoiceId: `e2e-${randomUUID()}`,
      customer: { externalId: 'e2e-customer', firstName: 'Dilnoza', lastName: 'Aliyeva' },
      paymentMethodName: 'Humo',
      successUrl: 'https://shop.example/thanks',
    });
    expect(created.replayed).toBe(false);
    const { invoiceId, paymentUrl } = created.invoice;

    await page.goto(formUrl(paymentUrl, 'en'));
    // A preset method: the requisites come at once (SPEC §4).
    await expect(page.getByRole('heading', { name: 'Payment details' })).toBeVisible();
    await expect(page.getByText(/\d{4} \d{4} \d{4} \d{4}/)).toBeVisible();
    await saveScreenshot(page, testInfo, 'payment-form-deposit');
    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(page.getByText('Wait. Payment in progress...')).toBeVisible();

    // The production provider confirms through its signed API.
    const confirmed = await signedRequest(
      request,
      await providerOfInvoice(request, invoiceId),
      'POST',
      `/invoices/${invoiceId}/status`,
      { status: 'DONE', providerInvoiceId: `e2e-${invoiceId}` },
    );
    expect(confirmed.status).toBe(200);
    // The form polls every 5 s.
    await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('Your balance will be updated soon')).toBeVisible();
    await saveScreenshot(page, testInfo, 'payment-form-success');
  });

  test('a fast-payment (SBP) withdrawal in Russian, settled by the sandbox', async ({
    page,
    request,
  }, testInfo) => {
    const terminalId = await demoTerminalId(request, 'RUB payouts');
    const created = await demoMerchantApi.createInvoice({
      flowType: 'WITHDRAWAL',
      terminalId,
      amount: 150_000,
      currency: 'RUB',
      merchantInvoiceId: `e2e-${randomUUID()}`,
      customer: { externalId: 'e2e-customer' },
      paymentMethodName: 'Sbp',
    });
    expect(created.replayed).toBe(false);
    const { paymentUrl } = created.invoice;

    await page.goto(formUrl(paymentUrl, 'ru'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { name: 'Куда отправить деньги' })).toBeVisible();
    await page.getByLabel('Ваш номер телефона').fill('9123456789');
    await page.getByRole('combobox', { name: 'Ваш банк' }).fill(BANK_SEARCH);
    await page.getByRole('option').first().click();
    await saveScreenshot(page, testInfo, 'payment-form-withdrawal-ru');
    await page.getByRole('button', { name: 'Подтвердить вывод' }).click();
    // Decision 0011: the payout is read back, then confirmed.
    const panel = page.getByRole('region', { name: 'Проверьте данные' });
    await expect(panel.getByText('+7 (912) 345-67-89', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Подтвердить', exact: true }).click();
    // Sandbox settles in SANDBOX_SETTLE_SECONDS; the form polls every 5 s.
    await expect(page.getByText('Баланс скоро обновится')).toBeVisible({ timeout: 25_000 });
  });
});
