import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import en from '../../apps/payment-form/src/locales/en.json' with { type: 'json' };
import ru from '../../apps/payment-form/src/locales/ru.json' with { type: 'json' };
import uz from '../../apps/payment-form/src/locales/uz.json' with { type: 'json' };
import { demoTerminalId } from '../support/demo-api.ts';
import { E2E_URLS } from '../support/e2e-servers.ts';
import {
  checkFormStep,
  createInvoice,
  distinctAmount,
  formUrl,
  shownAmount,
} from '../support/payment-form.ts';

/**
 * Issue 9, the form's three languages (SPEC §2: ?lang=en|ru|uz, English by default; decision
 * 0011: the language comes from the address, so switching is opening the same form with another
 * lang). The texts are the form's own locale files, so a translation change needs no change here.
 */

const LOCALES = { en, ru, uz } as const;
type Language = keyof typeof LOCALES;

/** i18next's {{name}} placeholders filled in, as the form shows the text. */
const filled = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** A deposit whose amount the customer may change, so the form shows method, amount, requisites. */
const createDeposit = async (request: APIRequestContext) =>
  createInvoice({
    flowType: 'DEPOSIT',
    terminalId: await demoTerminalId(request, 'UZS deposits'),
    amount: distinctAmount(500_000),
    currency: 'UZS',
    // A customer per payment: one customer holds requisites for at most three open deposits.
    customer: { externalId: `e2e-language-${randomUUID()}` },
    canChangeAmount: true,
  });

/** The requisites step in the language: heading, instructions, labels and buttons. */
const expectRequisites = async (page: Page, language: Language, amount: number) => {
  const { form } = LOCALES[language];
  await expect(page.getByRole('heading', { name: form.header.deposit })).toBeVisible();
  await expect(
    page.getByText(filled(form.text.deposit, { amount: shownAmount(amount, 'UZS') })),
  ).toBeVisible();
  await expect(page.getByText(form.field.cardNumber, { exact: true })).toBeVisible();
  await expect(
    page.getByRole('button', { name: `${form.copy} ${form.field.cardNumber}` }),
  ).toHaveText(form.copy);
  await expect(page.getByRole('button', { name: form.button.paid })).toHaveAccessibleDescription(
    new RegExp(`^${form.countdown.label} \\d\\d:\\d\\d:\\d\\d$`),
  );
};

for (const language of Object.keys(LOCALES) as Language[]) {
  test(`the form speaks ${language}: method, amount and requisites`, async ({
    page,
    request,
  }, testInfo) => {
    const { form } = LOCALES[language];
    const invoice = await createDeposit(request);
    await page.goto(formUrl(invoice.paymentUrl, language));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page).toHaveTitle(form.title);

    await expect(page.getByRole('heading', { name: form.header.method })).toBeVisible();
    await page.getByRole('button', { name: /^Humo/ }).click();

    await expect(page.getByRole('heading', { name: form.header.amount })).toBeVisible();
    await expect(page.getByText(`${form.method.label}:`)).toBeVisible();
    await expect(page.getByRole('group', { name: form.amount.quick })).toBeVisible();
    await page
      .getByRole('button', { name: filled(form.amount.increase, { step: '1000.00 UZS' }) })
      .click();
    const amount = invoice.amount + 100_000;
    await expect(page.getByLabel(form.amount.label, { exact: true })).toHaveText(
      shownAmount(amount, 'UZS'),
    );
    await page.getByRole('button', { name: form.button.deposit, exact: true }).click();

    await expectRequisites(page, language, amount);
    await checkFormStep(page, testInfo, `requisites-${language}`);
  });
}

test('switching the language keeps the payment where it is', async ({ page, request }) => {
  const invoice = await createDeposit(request);
  await page.goto(formUrl(invoice.paymentUrl, 'en'));
  await page.getByRole('button', { name: /^Humo/ }).click();
  await page.getByRole('button', { name: en.form.button.deposit, exact: true }).click();
  await expectRequisites(page, 'en', invoice.amount);
  const card = await page.locator('.pf-detail__value').first().textContent();

  // The requisites are already given, so each language opens at them, with the same card.
  for (const language of ['uz', 'ru'] as const) {
    await page.goto(formUrl(invoice.paymentUrl, language));
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectRequisites(page, language, invoice.amount);
    await expect(page.locator('.pf-detail__value').first()).toHaveText(card ?? '');
  }

  // Any other value, or none, is English (SPEC §2).
  for (const lang of ['de', '']) {
    await page.goto(formUrl(invoice.paymentUrl, lang));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectRequisites(page, 'en', invoice.amount);
  }
});

test('the not-found page in each language', async ({ page }) => {
  for (const language of Object.keys(LOCALES) as Language[]) {
    const { form } = LOCALES[language];
    await page.goto(`${E2E_URLS.paymentForm}/payment/${'B'.repeat(32)}?lang=${language}`);
    await expect(page.getByRole('heading', { name: form.header.notFound })).toBeVisible();
    await expect(page.getByText(form.text.notFound)).toBeVisible();
  }
});
