import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/backoffice-session.ts';
import { expectToast, invoiceField } from '../support/backoffice-ui.ts';
import { demoApiAs, demoTerminalId } from '../support/demo-api.ts';
import { E2E_URLS } from '../support/e2e-servers.ts';
import { createInvoice } from '../support/payment-form.ts';
import { saveScreenshot } from '../support/screenshots.ts';

/**
 * Issue 25, live operations (decision 0023): two support people watch the back office while
 * payments happen elsewhere. An invoice created through the merchant API appears as "1 new
 * invoice" on the other person's list without a reload; a status change made in one browser shows
 * on the other's open details; declined sandbox payments on a terminal raise its success-rate
 * alert (a toast and a Notifications entry), and successes close it again.
 */

/** A second browser of the same kind (viewport) as the test's page, signed in as `username`. */
const secondBrowser = async (browser: Browser, page: Page, username: string) => {
  const context = await browser.newContext({ viewport: page.viewportSize() });
  const other = await context.newPage();
  await signIn(other, username);
  return { other, close: () => context.close() };
};

const depositOnUzsTerminal = async (request: APIRequestContext) =>
  createInvoice({
    flowType: 'DEPOSIT',
    terminalId: await demoTerminalId(request, 'UZS deposits'),
    amount: 120_000,
    currency: 'UZS',
    customer: { externalId: 'e2e-live-customer', firstName: 'Dilshod', lastName: 'Yusupov' },
    expiresInMinutes: 120,
  });

test('a new invoice appears as "1 new invoice" on another person’s list, and a status change on their open details', async ({
  page,
  browser,
  request,
}, testInfo) => {
  await signIn(page, 'support');
  const table = page.getByRole('table', { name: 'Transactions' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const watcher = await secondBrowser(browser, page, 'support');
  try {
    await test.step('the list says a new invoice came, without moving its rows', async () => {
      const firstRowBefore = await table.getByRole('row').nth(1).textContent();
      const invoice = await depositOnUzsTerminal(request);
      // Within 2 seconds of the merchant's call returning (issue 25 item 5).
      const banner = page.getByRole('button', { name: /^\d+ new invoices?$/ });
      await expect(banner).toBeVisible({ timeout: 2_000 });
      await expect(table.getByRole('row').nth(1)).toHaveText(firstRowBefore ?? '');
      await saveScreenshot(page, testInfo, 'backoffice-new-invoices-banner');
      await banner.click();
      await expect(table.getByRole('row').filter({ hasText: invoice.invoiceId })).toBeVisible();
      await expect(banner).toBeHidden();
    });

    await test.step('a status change in one browser shows on the other’s open details', async () => {
      const invoice = await depositOnUzsTerminal(request);
      const { other } = watcher;
      await other.goto(`${E2E_URLS.backoffice}/invoices/${invoice.invoiceId}`);
      await expect(invoiceField(other, 'Status')).toContainText('New');

      await page.goto(`${E2E_URLS.backoffice}/invoices/${invoice.invoiceId}`);
      await page
        .getByRole('combobox', { name: 'Change status' })
        .selectOption({ label: 'Declined' });
      await page
        .getByRole('dialog', {
          name: 'Are you sure you want to change the payment status from New to Declined?',
        })
        .getByRole('button', { name: 'Continue' })
        .click();
      await expectToast(page, 'Status changed successfully!');

      // No reload on the other side: the stream brings the change and the history.
      await expect(invoiceField(other, 'Status')).toContainText('Declined');
      await expect(other.getByText('Declined').first()).toBeVisible();
    });
  } finally {
    await watcher.close();
  }
});

/**
 * A new test-mode UZS deposit terminal of the demo merchant (made by its user) with tight alert
 * settings (saved by an administrator: the merchant role does not edit attributes).
 */
const alertingTerminal = async (
  merchant: APIRequestContext,
  admin: APIRequestContext,
  name: string,
) => {
  const me = (await (await merchant.get('/api/v1/people/me')).json()) as {
    data: { merchantId: number };
  };
  const reference = async (query: string) =>
    (
      (await (await merchant.get(`/api/v1/reference${query}`)).json()) as {
        data: Array<{ id: number; code?: string | null }>;
      }
    ).data;
  const flowTypeId = (await reference('?refHeaderId=200')).find(
    (item) => item.code === 'DEPOSIT',
  )?.id;
  const currencies = (await (await merchant.get('/api/v1/reference/currency')).json()) as {
    data: Array<{ id: number; code: string }>;
  };
  const currencyId = currencies.data.find((item) => item.code === 'UZS')?.id;
  const created = await merchant.post(`/api/v1/terminal/merchantId=${me.data.merchantId}`, {
    data: { name, flowTypeId, currencyId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const terminalId = ((await created.json()) as { data: { id: number } }).data.id;

  const attributeTypes = await reference('?refHeaderId=105');
  const typeId = (code: string) => {
    const id = attributeTypes.find((item) => item.code === code)?.id;
    if (!id) throw new Error(`no attribute type ${code}`);
    return id;
  };
  const saved = await admin.put(`/api/v1/terminal/${terminalId}?merchantId=${me.data.merchantId}`, {
    data: {
      name,
      attributes: [
        { value: '50', attrType: { id: typeId('ALERT_SUCCESS_RATE_MIN') } },
        { value: '60', attrType: { id: typeId('ALERT_WINDOW_MINUTES') } },
        { value: '3', attrType: { id: typeId('ALERT_MIN_ATTEMPTS') } },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return terminalId;
};

/** `count` test payments on the terminal, each settled at once by Simulate. */
const settle = async (
  merchant: APIRequestContext,
  terminalId: number,
  count: number,
  status: 'DONE' | 'DECLINED',
) => {
  for (let index = 0; index < count; index += 1) {
    const invoice = await createInvoice({
      flowType: 'DEPOSIT',
      terminalId,
      amount: 100_000 + index * 100,
      currency: 'UZS',
      customer: { externalId: `e2e-alert-${randomUUID().slice(0, 8)}` },
      expiresInMinutes: 60,
    });
    const simulated = await merchant.post('/api/v1/invoice/simulate', {
      data: { invoiceId: invoice.invoiceId, status },
    });
    expect(simulated.status(), await simulated.text()).toBe(200);
  }
};

test('declined payments raise a terminal’s success-rate alert, and successes clear it', async ({
  page,
  playwright,
}, testInfo) => {
  const merchant = await demoApiAs(playwright, 'merchant');
  const admin = await demoApiAs(playwright, 'admin');
  const name = `E2E alerts ${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
  try {
    const terminalId = await alertingTerminal(merchant, admin, name);
    await signIn(page, 'support');

    await test.step('three declines open the alert: a toast and a notification', async () => {
      await settle(merchant, terminalId, 3, 'DECLINED');
      const toast = page.getByRole('alert').filter({ hasText: name });
      await expect(toast).toContainText('Success rate dropped', { timeout: 15_000 });
      await saveScreenshot(page, testInfo, 'backoffice-alert-toast');
      await toast.getByRole('button', { name: 'Close' }).click();

      await page.goto(`${E2E_URLS.backoffice}/notifications`);
      const entry = page.getByRole('listitem').filter({ hasText: name }).first();
      await expect(entry.getByRole('heading', { name: 'Success rate dropped' })).toBeVisible();
      await expect(entry).toContainText('completed 0% of its 3 payments');
      await expect(entry.getByText('Unread')).toBeVisible();
    });

    await test.step('four successes bring the rate back and close it', async () => {
      await settle(merchant, terminalId, 4, 'DONE');
      const toast = page.getByRole('alert').filter({ hasText: name });
      await expect(toast).toContainText('Success rate recovered', { timeout: 15_000 });
      await toast.getByRole('button', { name: 'Close' }).click();
      const entry = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Success rate recovered' }) })
        .filter({ hasText: name });
      // The Notifications screen, open all along, shows it as it arrives.
      await expect(entry).toBeVisible();
      await saveScreenshot(page, testInfo, 'backoffice-notifications-live');
    });
  } finally {
    await merchant.dispose();
    await admin.dispose();
  }
});
