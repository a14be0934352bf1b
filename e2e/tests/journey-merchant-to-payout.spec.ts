import { verifyWebhook, WebhookVerificationError } from '@paygate/merchant-sdk';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from '../support/backoffice-session.ts';
import { invoiceField } from '../support/backoffice-ui.ts';
import { type CallbackReceiver, startCallbackReceiver } from '../support/callback-receiver.ts';
import { DEMO_MERCHANT } from '../support/demo-api.ts';
import { E2E_URLS } from '../support/e2e-servers.ts';
import {
  checkFormStep,
  createInvoice,
  distinctAmount,
  formUrl,
  readInvoice,
  sandboxTerminalId,
  shownAmount,
} from '../support/payment-form.ts';
import { saveScreenshot } from '../support/screenshots.ts';

/**
 * Issue 9, the whole life of one deposit: the merchant's server creates it through the signed
 * merchant API with its callback URL; the customer picks a method, changes the amount, sees and
 * copies the requisites on the hosted form; the sandbox provider (the terminal is in test mode)
 * confirms; the form shows Success; the merchant's server receives a callback that verifies with
 * the merchant's secret (Standard Webhooks); support finds the invoice in the back office, DONE,
 * with its status history, the callback and the event log.
 */

// The copy buttons write to the clipboard, which the test reads back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

let receiver: CallbackReceiver;
test.beforeEach(async () => {
  receiver = await startCallbackReceiver();
});
test.afterEach(async () => {
  await receiver.stop();
});

/** Amounts change by 100000 minor units (SPEC §9). */
const STEP = 100_000;

/** The clipboard's text as the page sees it. */
const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Opens a collapsed section of the invoice details (Callbacks 1, Event Log 5, …). */
const openSection = async (page: Page, title: string): Promise<Locator> => {
  const toggle = page.getByRole('button', { name: new RegExp(`^${title}( \\d+)?$`) });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return page.getByRole('region', { name: new RegExp(`^${title}`) });
};

test('a merchant API deposit is paid on the form, confirmed, called back and found by support', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const terminalId = await sandboxTerminalId(request, 'DEPOSIT', 'UZS');
  const initialAmount = distinctAmount(300_000);
  const invoice = await createInvoice({
    flowType: 'DEPOSIT',
    terminalId,
    amount: initialAmount,
    currency: 'UZS',
    customer: { externalId: 'e2e-journey-customer', firstName: 'Dilnoza', lastName: 'Aliyeva' },
    canChangeAmount: true,
    successUrl: `${receiver.origin}/paid`,
    cancelUrl: `${receiver.origin}/cancelled`,
    callbackUrl: receiver.callbackUrl,
  });
  expect(invoice).toMatchObject({ status: 'NEW', isTest: true });

  // Method: UZS has two methods (Humo, Uzs), none preset, so the customer chooses.
  await page.goto(formUrl(invoice.paymentUrl, 'en'));
  await expect(page.getByRole('heading', { name: 'Choose a payment method' })).toBeVisible();
  await expect(page.getByText(shownAmount(initialAmount, 'UZS'))).toBeVisible();
  await checkFormStep(page, testInfo, 'method');
  await page.getByRole('button', { name: /^Humo/ }).click();

  // Amount: the chosen method with its limits, plus and minus by 1000.00 UZS, quick amounts.
  await expect(page.getByRole('heading', { name: 'Amount to pay' })).toBeVisible();
  await expect(page.getByText('Humo', { exact: true })).toBeVisible();
  const amount = page.getByLabel('Amount', { exact: true });
  await expect(amount).toHaveText(shownAmount(initialAmount, 'UZS'));
  await expect(page.getByRole('group', { name: 'Quick amounts' }).getByRole('button')).toHaveCount(
    4,
  );
  const increase = page.getByRole('button', { name: 'Increase the amount by 1000.00 UZS' });
  const decrease = page.getByRole('button', { name: 'Decrease the amount by 1000.00 UZS' });
  await increase.click();
  await increase.click();
  await expect(amount).toHaveText(shownAmount(initialAmount + 2 * STEP, 'UZS'));
  await decrease.click();
  const paidAmount = initialAmount + STEP;
  await expect(amount).toHaveText(shownAmount(paidAmount, 'UZS'));
  await checkFormStep(page, testInfo, 'amount');
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();

  // Requisites: card number in groups of four, the recipient and the amount, each copyable.
  await expect(page.getByRole('heading', { name: 'Payment details' })).toBeVisible();
  await expect(
    page.getByText(`Transfer exactly ${shownAmount(paidAmount, 'UZS')} using the details below`),
  ).toBeVisible();
  const cardNumber = page.locator('.pf-detail__value').first();
  await expect(cardNumber).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
  const card = (await cardNumber.textContent()) ?? '';
  await checkFormStep(page, testInfo, 'requisites');

  const copyCard = page.getByRole('button', { name: 'Copy Card number' });
  await copyCard.click();
  await expect(copyCard).toHaveText('Copied');
  expect(await clipboardText(page)).toBe(card.replace(/ /g, ''));
  const copyAmount = page.getByRole('button', { name: 'Copy Amount' });
  await copyAmount.click();
  await expect(copyAmount).toHaveText('Copied');
  expect(await clipboardText(page)).toBe((paidAmount / 100).toFixed(2));

  // The sandbox provider confirms the payment a second after the requisites were given, maybe
  // before "I have paid": either way the form ends at Success.
  await page.getByRole('button', { name: 'I have paid' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText(shownAmount(paidAmount, 'UZS'))).toBeVisible();
  await expect(page.getByText('Your balance will be updated soon')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute(
    'href',
    `${receiver.origin}/paid`,
  );
  await checkFormStep(page, testInfo, 'success');
  expect(await readInvoice(invoice.invoiceId)).toMatchObject({
    status: 'DONE',
    amount: paidAmount,
  });

  // The callback: delivered within the job's idle delay (2 s), signed with the merchant's secret.
  await expect
    .poll(() => receiver.callbacks.length, { timeout: 15_000, message: 'a callback arrives' })
    .toBeGreaterThan(0);
  const [callback] = receiver.callbacks;
  if (!callback) throw new Error('no callback');
  expect(callback.headers['content-type']).toContain('application/json');
  const verified = verifyWebhook(callback.body, callback.headers, DEMO_MERCHANT.webhookSecret);
  expect(verified).toMatchObject({
    type: 'invoice.done',
    data: {
      invoiceId: invoice.invoiceId,
      merchantInvoiceId: invoice.merchantInvoiceId,
      flowType: 'DEPOSIT',
      status: 'DONE',
      amount: paidAmount,
      currency: 'UZS',
      isTest: true,
    },
  });
  // A body changed on the way no longer verifies.
  expect(() =>
    verifyWebhook(
      callback.body.replace('"DONE"', '"DECLINED"'),
      callback.headers,
      DEMO_MERCHANT.webhookSecret,
    ),
  ).toThrow(WebhookVerificationError);

  // Support finds it by its id in the back office: DONE, its history, callback and event log.
  await signIn(page, 'support');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(invoice.invoiceId);
  await search.press('Enter');
  const transactions = page.getByRole('table', { name: 'Transactions' });
  await expect(transactions.locator('tbody tr')).toHaveCount(1);
  const row = transactions.locator('tbody tr').first();
  await expect(row).toContainText(invoice.invoiceId);
  await expect(row).toContainText('Done');
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(`${E2E_URLS.backoffice}/invoices/${invoice.invoiceId}`);

  await expect(invoiceField(page, 'Status')).toContainText('Done');
  await expect(
    page.getByRole('region', { name: 'Status history' }).getByRole('listitem'),
  ).toHaveText([/^New /, /^In progress /, /^Done /]);
  const callbacks = await openSection(page, 'Callbacks');
  await expect(callbacks.locator('tbody tr')).toHaveCount(1);
  await expect(callbacks.locator('tbody tr')).toContainText(['SENT']);
  await expect(callbacks.locator('tbody tr')).toContainText(['DONE']);
  const events = await openSection(page, 'Event Log');
  await expect(events).toContainText('INVOICE_CREATED');
  await saveScreenshot(page, testInfo, 'payment-journey-backoffice-done');
});
