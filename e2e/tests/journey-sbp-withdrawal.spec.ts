import { expect, test } from '@playwright/test';
import { demoTerminalId } from '../support/demo-api.ts';
import {
  checkFormStep,
  createInvoice,
  distinctAmount,
  formUrl,
  readInvoice,
  shownAmount,
} from '../support/payment-form.ts';

/**
 * Issue 9, a withdrawal through the fast payment system (SBP) on the hosted form, in English:
 * the customer picks Sbp, meets every phone rule and toast of SPEC §5 and §8 word for word,
 * searches the bank list, reads the payout back (Change keeps the number and the bank) and
 * confirms it, watches Processing, and the sandbox provider pays out (the demo's "RUB payouts"
 * terminal is in test mode).
 */

test('an SBP withdrawal: phone rules, bank search, Processing, paid out', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(45_000);
  const amount = distinctAmount(150_000);
  const invoice = await createInvoice({
    flowType: 'WITHDRAWAL',
    terminalId: await demoTerminalId(request, 'RUB payouts'),
    amount,
    currency: 'RUB',
    customer: { externalId: 'e2e-sbp-customer' },
    successUrl: 'https://shop.example/withdrawn',
  });
  expect(invoice.isTest).toBe(true);

  // The payout requests the page sends (decision 0011: one, and only after Confirm).
  const payoutRequests: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname.endsWith('/complete')) {
      payoutRequests.push(sent.url());
    }
  });
  await page.goto(formUrl(invoice.paymentUrl, 'en'));
  await expect(page.getByRole('heading', { name: 'Choose a payment method' })).toBeVisible();
  await page.getByRole('button', { name: /^Sbp\b/ }).click();

  // The amount is fixed: the form goes straight to where the money goes. RUB: no back button.
  await expect(page.getByRole('heading', { name: 'Where to send the money' })).toBeVisible();
  await expect(
    page.getByText(`We will send ${shownAmount(amount, 'RUB')} to this phone number.`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  const phone = page.getByRole('textbox', { name: 'Your phone number' });
  const bank = page.getByRole('combobox', { name: 'Your bank' });
  const submit = page.getByRole('button', { name: 'Confirm withdrawal' });
  const toast = (text: string) => page.getByRole('alert').filter({ hasText: text });
  /** The customer closes a toast (it would otherwise stay 5 s over the form). */
  const closeToast = async (text: string) => {
    await toast(text).getByRole('button', { name: 'Close' }).click();
    await expect(toast(text)).toHaveCount(0);
  };

  // SPEC §5: the mask is +7 (999) 999-99-99 and a hint says the number must start with nine.
  await expect(phone).toHaveAttribute('placeholder', '+7 (999) 999-99-99');
  await expect(phone).toHaveAccessibleDescription('The number must start with 9');

  // SPEC §5, §8: no bank chosen gives the toast 'Choose the bank', whatever the phone.
  await submit.click();
  await expect(toast('Choose the bank')).toBeVisible();
  await expect(bank).toBeFocused();
  await closeToast('Choose the bank');

  // The bank list: searched without regard to case or spaces (350 ms debounce); no match says so.
  await bank.fill('no such bank');
  await expect(page.getByText('Nothing found.')).toBeVisible();
  await bank.fill('SBER ');
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  for (const name of await options.allInnerTexts()) expect(name.toLowerCase()).toContain('sber');
  await options.first().click();
  await expect(page.getByText(/^Selected bank: .*Sber/i)).toBeVisible();

  // SPEC §5, §8: a phone shorter than 9 characters gives 'Fill in the phone number' and focus.
  await phone.fill('912');
  await expect(phone).toHaveValue('+7 (912');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await submit.click();
  await expect(toast('Fill in the phone number')).toBeVisible();
  await expect(phone).toBeFocused();
  await closeToast('Fill in the phone number');

  // SPEC §5: with 10 digits the first must be 9 (message form.field.phoneNumberError).
  await phone.fill('8123456789');
  await expect(phone).toHaveValue('+7 (812) 345-67-89');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Invalid number: it must start with 9')).toBeVisible();
  await expect(phone).toHaveAccessibleDescription(/Invalid number: it must start with 9/);

  await phone.fill('9123456789');
  await expect(phone).toHaveValue('+7 (912) 345-67-89');
  await expect(page.getByText('Invalid number: it must start with 9')).toHaveCount(0);
  await checkFormStep(page, testInfo, 'sbp-withdrawal');

  // Enter in the bank search, no option highlighted, with the form ready: it stays a search and
  // never sends the payout (decision 0026). A phone keyboard shows a search key there.
  await expect(bank).toHaveAttribute('enterkeyhint', 'search');
  // A submit is dispatched during the key press itself: counting them needs no waiting.
  const form = page.locator('form').filter({ has: bank });
  await form.evaluate((element) => {
    element.dataset.submits = '0';
    element.addEventListener('submit', () => {
      element.dataset.submits = String(Number(element.dataset.submits) + 1);
    });
  });
  // The pointer leaves the list, so that no option is highlighted under it.
  await page.mouse.move(0, 0);
  // Nothing found (once the 350 ms debounce has filtered), then matches with none highlighted.
  await bank.fill('no such bank');
  await expect(page.getByText('Nothing found.')).toBeVisible();
  await bank.press('Enter');
  await bank.fill('SBER');
  await expect(page.getByText('Nothing found.')).toHaveCount(0);
  await expect(bank).not.toHaveAttribute('aria-activedescendant');
  await bank.press('Enter');
  await expect(form).toHaveAttribute('data-submits', '0');
  await expect(page.getByRole('heading', { name: 'Where to send the money' })).toBeVisible();
  await expect(page.getByText(/^Selected bank: .*Sber/i)).toBeVisible();
  const selected = await page.getByText(/^Selected bank: /).textContent();
  const bankName = (selected ?? '').replace(/^Selected bank: /, '');
  await submit.click();

  // Decision 0011: nothing is sent yet; the payout is read back first, the heading focused.
  const panel = page.getByRole('region', { name: 'Check the details' });
  await expect(panel.getByRole('heading', { name: 'Check the details' })).toBeFocused();
  await expect(panel.getByText(shownAmount(amount, 'RUB'), { exact: true })).toBeVisible();
  await expect(panel.getByText('+7 (912) 345-67-89', { exact: true })).toBeVisible();
  await expect(panel.getByText(bankName, { exact: true })).toBeVisible();
  await expect(
    panel.getByText('The payout goes to this number. It cannot be cancelled once sent.'),
  ).toBeVisible();
  await expect(phone).toBeHidden();
  expect(payoutRequests, 'no payout requested before Confirm').toHaveLength(0);
  await checkFormStep(page, testInfo, 'sbp-withdrawal-confirm');
  // Change: back to the fields, the number and the bank as they were, the phone focused.
  await panel.getByRole('button', { name: 'Change', exact: true }).click();
  await expect(panel).toHaveCount(0);
  await expect(phone).toBeFocused();
  await expect(phone).toHaveValue('+7 (912) 345-67-89');
  await expect(page.getByText(`Selected bank: ${bankName}`, { exact: true })).toBeVisible();
  // Sent again, and this time confirmed with the keyboard.
  await submit.click();
  await expect(panel.getByText('+7 (912) 345-67-89', { exact: true })).toBeVisible();
  const confirm = panel.getByRole('button', { name: 'Confirm', exact: true });
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');

  // SPEC §2 Processing: plus sign, amount with currency, the text and a spinner. The form polls
  // every 5 s; the sandbox pays out a second after the request.
  await expect(
    page.getByRole('heading', { name: `+${shownAmount(amount, 'RUB')}`, exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Wait. Payment in progress...', { exact: true })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Payment in progress' })).toBeVisible();
  expect(payoutRequests, 'one payout request').toHaveLength(1);
  await checkFormStep(page, testInfo, 'processing');

  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Your balance will be updated soon')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute(
    'href',
    'https://shop.example/withdrawn',
  );
  expect(await readInvoice(invoice.invoiceId)).toMatchObject({ status: 'DONE', amount });
});
