import { randomUUID } from 'node:crypto';
import { expect, type Locator, test } from '@playwright/test';
import { signIn } from '../support/backoffice-session.ts';
import { expectToast, isoDay, openScreen } from '../support/backoffice-ui.ts';
import { readCsvFile } from '../support/csv-file.ts';
import { E2E_URLS } from '../support/e2e-servers.ts';
import { saveScreenshot } from '../support/screenshots.ts';
import { createStaffUser } from '../support/staff-users.ts';

/**
 * Issue 9, administration: terminal create, rename validation, attribute validation per type,
 * production switch; account toggle, limits, credentials; report downloads; merchant rename;
 * change password then sign in with the new one; log out.
 *
 * What is changed here is created here: a merchant of its own (renamed, given a terminal), an
 * account of its own (left disabled). The only demo data touched is the operator's password,
 * changed and set back within one test, as no API creates back-office users.
 */

const unique = () => randomUUID().slice(0, 8);

/** Field error text under a control (role-independent: the form's message text). */
const expectMessage = async (scope: Locator, text: string) => {
  await expect(scope.getByText(text, { exact: true })).toBeVisible();
};

test.describe('administration journeys', () => {
  test('an admin creates a merchant, renames it and sets up its terminal', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const merchantName = `E2E Shop ${unique()}`;
    const renamed = `${merchantName} Renamed`;
    const terminalName = `E2E till ${unique()}`;
    await signIn(page, 'admin');

    await test.step('New Merchant: name rules, then the keys shown once', async () => {
      await openScreen(page, 'Merchant', 'Merchant');
      await page.getByRole('button', { name: 'New Merchant' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Merchant' });
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectMessage(dialog, 'Name is required');
      await dialog.getByRole('textbox', { name: 'Merchant name' }).fill(' ab ');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectMessage(dialog, 'Name must be at least 3 characters long');
      await dialog.getByRole('textbox', { name: 'Merchant name' }).fill(merchantName);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Merchant created');
      const keys = page.getByRole('dialog', { name: `Keys of ${merchantName}` });
      await expect(keys.getByText(/^pk_[0-9a-f]+$/)).toBeVisible();
      await expect(keys.getByText(/^sk_/)).toBeVisible();
      await expect(keys.getByText(/^whsec_/)).toBeVisible();
      await keys.getByRole('button', { name: 'I have stored the secret' }).click();
      await expect(keys).toBeHidden();
      // The screen and the header's chooser moved to the new merchant.
      await expect(
        page.getByRole('banner').getByRole('combobox', { name: 'Merchant' }),
      ).toHaveValue(/\d+/);
      await expect(
        page
          .getByRole('banner')
          .getByRole('combobox', { name: 'Merchant' })
          .locator('option:checked'),
      ).toHaveText(merchantName);
    });

    await test.step('merchant rename: required, at least 3 characters, then saved', async () => {
      const name = page.getByRole('textbox', { name: 'Merchant name' });
      const save = page.getByRole('button', { name: 'Save' });
      await expect(name).toHaveValue(merchantName);
      await expect(save).toBeDisabled();
      await name.fill('');
      await name.blur();
      await expectMessage(page.getByRole('main'), 'Name is required');
      await name.fill('xy');
      await save.click();
      await expectMessage(page.getByRole('main'), 'Name must be at least 3 characters long');
      await name.fill(renamed);
      await save.click();
      await expectToast(page, 'Successfully changed');
      await expect(
        page
          .getByRole('banner')
          .getByRole('combobox', { name: 'Merchant' })
          .locator('option:checked'),
      ).toHaveText(renamed);
      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Merchant name' })).toHaveValue(renamed);
      await saveScreenshot(page, testInfo, 'admin-merchant-renamed');
    });

    await test.step('terminal create: required fields and name rules, then Terminal created', async () => {
      await openScreen(page, 'Terminals', 'Terminals');
      await expect(page.getByText('No terminals yet')).toBeVisible();
      await page.getByRole('button', { name: 'New Terminal' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Terminal' });
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectMessage(dialog, 'Name is required');
      await expectMessage(dialog, 'Flow type is required');
      await expectMessage(dialog, 'Currency is required');
      await dialog.getByRole('textbox', { name: 'Name' }).fill('ab');
      await dialog.getByRole('combobox', { name: 'Flow type' }).selectOption({ label: 'DEPOSIT' });
      await dialog.getByRole('combobox', { name: 'Currency' }).selectOption({ label: 'KGS' });
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectMessage(dialog, 'Name must be at least 3 characters long');
      await dialog.getByRole('textbox', { name: 'Name' }).fill(`${terminalName} draft`);
      await saveScreenshot(page, testInfo, 'admin-terminal-create');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Terminal created');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('tab', { name: `${terminalName} draft` })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    });

    const panel = page.getByRole('tabpanel');
    const nameField = panel.getByRole('textbox', { name: 'Name', exact: true });
    const save = panel.getByRole('button', { name: 'Save', exact: true });

    await test.step('terminal rename: required and at least 3 characters, then saved', async () => {
      await expect(panel.getByText('DEPOSIT', { exact: true })).toBeVisible();
      await expect(panel.getByText('KGS', { exact: true })).toBeVisible();
      await nameField.fill('');
      await nameField.blur();
      await expectMessage(panel, 'Name is required');
      await nameField.fill('  ab  ');
      await save.click();
      await expectMessage(panel, 'Name must be at least 3 characters long');
      await nameField.fill(terminalName);
      await save.click();
      await expectToast(page, 'Successfully changed');
      await expect(page.getByRole('tab', { name: terminalName, exact: true })).toBeVisible();
    });

    await test.step('attributes: each parameter type refuses what it is not', async () => {
      await expect(panel.getByText('No attributes')).toBeVisible();
      const add = async (type: string, bad: string | null, message: string, good: string) => {
        await panel.getByRole('button', { name: 'Add attribute' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add attribute' });
        await dialog
          .getByRole('combobox', { name: 'Attribute type' })
          .selectOption({ label: type });
        const boolean = dialog.getByRole('combobox', { name: 'Value' });
        const text = dialog.getByRole('textbox', { name: 'Value' });
        if (bad !== null) await text.fill(bad);
        await dialog.getByRole('button', { name: 'Add', exact: true }).click();
        await expectMessage(dialog, message);
        if ((await boolean.count()) > 0) await boolean.selectOption(good);
        else await text.fill(good);
        await expect(dialog.getByText(message, { exact: true })).toHaveCount(0);
        await dialog.getByRole('button', { name: 'Add', exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(panel.getByRole('row', { name: new RegExp(`^${type} New`) })).toBeVisible();
      };
      await add('Callback timeout, seconds', '12a', 'value is not Integer', '45');
      await add('Display name on the payment form', '   ', 'Value is required', 'E2E till');
      await add('Receipt mark', 'ab', 'value is not Char', 'R');
      // A whole fee percent is allowed (decision 0017); a comma is not a Numeric value.
      await add('Fee, percent', '1,5', 'value is not Numeric', '2');
      await add('Confirm payments automatically', null, 'Value is required', 'true');
      await expect(panel.getByRole('button', { name: 'Add attribute' })).toBeVisible();
      await saveScreenshot(page, testInfo, 'admin-terminal-attributes');

      // In the table too: a value that does not fit its type blocks Save.
      const timeout = panel.getByRole('textbox', { name: 'Value of Callback timeout, seconds' });
      await timeout.fill('4.5');
      await expectMessage(panel, 'value is not Integer');
      await save.click();
      await expect(page.getByRole('alert').filter({ hasText: 'Successfully changed' })).toHaveCount(
        0,
      );
      await timeout.fill('60');
      await save.click();
      await expectToast(page, 'Successfully changed');
      await expect(panel.getByText('New', { exact: true })).toHaveCount(0);

      // Saved as typed: read again from the server.
      await page.reload();
      await page.getByRole('tab', { name: terminalName, exact: true }).click();
      await expect(
        panel.getByRole('textbox', { name: 'Value of Callback timeout, seconds' }),
      ).toHaveValue('60');
      await expect(panel.getByRole('textbox', { name: 'Value of Receipt mark' })).toHaveValue('R');
      await expect(panel.getByRole('textbox', { name: 'Value of Fee, percent' })).toHaveValue('2');
      await expect(
        panel.getByRole('combobox', { name: 'Value of Confirm payments automatically' }),
      ).toHaveValue('true');

      await panel.getByRole('button', { name: 'Remove Receipt mark' }).click();
      await expectToast(page, 'Successfully removed');
      await expect(panel.getByRole('textbox', { name: 'Value of Receipt mark' })).toHaveCount(0);
    });

    await test.step('enabled toggle and the switch to production after confirmation', async () => {
      const enabled = panel.getByRole('switch', { name: 'Enabled' });
      await expect(enabled).toHaveAttribute('aria-checked', 'true');
      await enabled.click();
      await expectToast(page, 'Successfully changed');
      await expect(enabled).toHaveAttribute('aria-checked', 'false');

      await expect(panel.getByText('Test', { exact: true })).toBeVisible();
      await panel.getByRole('button', { name: 'Switch to production' }).click();
      const confirm = page.getByRole('dialog', { name: 'Switch to production' });
      await expect(confirm).toContainText(
        `Are you sure you want to switch the terminal "${terminalName}" from test to production?`,
      );
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(panel.getByText('Test', { exact: true })).toBeVisible();
      await panel.getByRole('button', { name: 'Switch to production' }).click();
      await confirm.getByRole('button', { name: 'Continue' }).click();
      await expectToast(page, 'Successfully changed');
      await expect(confirm).toBeHidden();
      await expect(panel.getByText('Production', { exact: true })).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Switch to production' })).toHaveCount(0);
      await page.reload();
      await page.getByRole('tab', { name: terminalName, exact: true }).click();
      await expect(panel.getByText('Production', { exact: true })).toBeVisible();
      await expect(panel.getByRole('switch', { name: 'Enabled' })).toHaveAttribute(
        'aria-checked',
        'false',
      );
      await saveScreenshot(page, testInfo, 'admin-terminal-production');
    });
  });

  test('an operator creates an account, toggles it, sets limits and credentials', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const bankName = `E2E Bank ${unique()}`;
    await signIn(page, 'operator');
    await openScreen(page, 'Accounts', 'Accounts');
    const total = Number(
      ((await page.getByText(/^Total: \d+$/).textContent()) ?? '').replace('Total: ', ''),
    );

    let accountId = 0;
    await test.step('create account: required fields, then Account created', async () => {
      await page.getByRole('button', { name: 'Create account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create account' });
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectMessage(dialog, 'Provider is required');
      await expectMessage(dialog, 'Payment method is required');
      await expectMessage(dialog, 'Bank name is required');
      await dialog
        .getByRole('combobox', { name: 'Provider' })
        .selectOption({ label: 'RU P2P network' });
      await dialog
        .getByRole('combobox', { name: 'Payment method' })
        .selectOption({ label: 'Tinkoff (RUB)' });
      await dialog.getByRole('textbox', { name: 'Bank name' }).fill(bankName);
      await dialog.getByRole('textbox', { name: 'Owner name' }).fill('Olga Petrova');
      await dialog.getByRole('textbox', { name: 'Country code' }).fill('R1');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectMessage(dialog, 'Country code must be two letters (ISO 3166-1 alpha-2)');
      await dialog.getByRole('textbox', { name: 'Country code' }).fill('RU');
      await expect(dialog.getByRole('checkbox', { name: 'Enable right away' })).not.toBeChecked();
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Account created');
      await expect(page).toHaveURL(/\/accounts\/\d+$/);
      accountId = Number(page.url().split('/').pop());
      await expect(
        page.getByRole('heading', { level: 1, name: `Account ${accountId}` }),
      ).toBeVisible();
      await expect(page.getByRole('main')).toContainText(bankName);
    });

    await test.step('enabled toggle on the details', async () => {
      const enabled = page.getByRole('switch', { name: 'Enabled' });
      await expect(enabled).toHaveAttribute('aria-checked', 'false');
      await enabled.click();
      await expectToast(page, 'Successfully changed');
      await expect(enabled).toHaveAttribute('aria-checked', 'true');
      await expect(enabled).toBeEnabled();
    });

    await test.step('limits: digits only, priority a whole number from 0, then saved', async () => {
      const limits = page.getByRole('region', { name: 'Limits' });
      await expect(limits.getByText('Limits are not set yet.')).toBeVisible();
      // What the account holds from other payments (decision 0008): nothing while it does not
      // check unique amounts.
      const held = page.getByRole('region', { name: 'Amounts held' });
      await expect(
        held.getByText('This account does not check unique amounts, so it holds none.'),
      ).toBeVisible();
      const limit = limits.getByRole('textbox', { name: 'Limit (minor units of RUB)' });
      const priority = limits.getByRole('textbox', { name: 'Priority' });
      const saveLimits = limits.getByRole('button', { name: 'Save' });
      await saveLimits.click();
      await expectMessage(limits, 'Limit is required');
      await expectMessage(limits, 'Priority is required');
      await limit.fill('50000.5');
      await priority.fill('-1');
      await saveLimits.click();
      await expectMessage(limits, 'Limit must contain digits only');
      await expectMessage(limits, 'Priority must be at least 0');
      await priority.fill('1.5');
      await saveLimits.click();
      await expectMessage(limits, 'Priority must be a whole number');
      await limit.fill('5000000');
      await expect(limits.getByText('= 50000.00 RUB')).toBeVisible();
      await priority.fill('3');
      await limits.getByRole('checkbox', { name: 'Check unique amount' }).check();
      await saveLimits.click();
      await expectToast(page, 'Successfully changed');
      await expect(limits.getByText('Limits are not set yet.')).toHaveCount(0);
      await page.reload();
      await expect(limit).toHaveValue('5000000');
      await expect(priority).toHaveValue('3');
      await expect(limits.getByRole('checkbox', { name: 'Check unique amount' })).toBeChecked();
      await expect(held.getByText('No amount is held on this account.')).toBeVisible();
    });

    await test.step('credentials: required fields and card checks, add, then remove', async () => {
      const credentials = page.getByRole('region', { name: 'Credentials' });
      await expect(credentials.getByText('No credentials')).toBeVisible();
      await credentials.getByRole('button', { name: 'Add credential' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add credential' });
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expectMessage(dialog, 'Credential type is required');
      await expectMessage(dialog, 'Parameter type is required');
      await expectMessage(dialog, 'Value is required');
      await dialog
        .getByRole('combobox', { name: 'Type', exact: true })
        .selectOption({ label: 'Card number' });
      await dialog
        .getByRole('combobox', { name: 'Parameter type' })
        .selectOption({ label: 'String' });
      // 16 digits with a wrong check digit (Luhn).
      await dialog.getByRole('textbox', { name: 'Value' }).fill('4111111111111112');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expectMessage(dialog, 'Card number is not valid: check the digits');
      await dialog.getByRole('textbox', { name: 'Value' }).fill('4111111111111111');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expectToast(page, 'Successfully changed');
      await expect(dialog).toBeHidden();
      await expect(
        credentials.getByRole('row', { name: /Card number String 4111 1111 1111 1111/ }),
      ).toBeVisible();
      await saveScreenshot(page, testInfo, 'operator-account-details');

      await credentials.getByRole('button', { name: 'Remove Card number' }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove credential' });
      await expect(confirm).toContainText(`from account ${accountId}?`);
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await expectToast(page, 'Successfully removed');
      await expect(credentials.getByText('No credentials')).toBeVisible();
    });

    await test.step('toggle from the list: the account is left disabled', async () => {
      // Accounts are listed by id: the new one is the last; 40 a page.
      const lastPage = Math.ceil((total + 1) / 40);
      await page.goto(`${E2E_URLS.backoffice}/accounts?size=40&page=${lastPage}`);
      const toggle = page.getByRole('switch', { name: `Account ${accountId} enabled` });
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await toggle.click();
      await expectToast(page, 'Successfully changed');
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await page.reload();
      await expect(
        page.getByRole('switch', { name: `Account ${accountId} enabled` }),
      ).toHaveAttribute('aria-checked', 'false');
    });
  });

  test('an admin downloads every report: required fields, then the CSV of the period', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const periodStart = isoDay(30);
    const periodEnd = isoDay(0);
    await signIn(page, 'admin');
    // The header's terminal narrows the Transactions and Balance reports.
    await openScreen(page, 'Reports', 'Reports');
    const terminalSelect = page.getByRole('combobox', { name: 'Terminal', exact: true });
    const terminalValue = await terminalSelect
      .locator('option', { hasText: /^UZS payouts \(\d+\)$/ })
      .getAttribute('value');
    await terminalSelect.selectOption(terminalValue ?? '');

    const download = async (card: Locator, prefix: string) => {
      const file = page.waitForEvent('download');
      await card.getByRole('button', { name: 'Get report' }).click();
      const saved = await file;
      const name = `${prefix}_${periodStart}_${periodEnd}.csv`;
      expect(saved.suggestedFilename()).toBe(name);
      await expectToast(page, `Report saved: ${name}`);
      return readCsvFile(await saved.path());
    };
    const fillPeriod = async (card: Locator) => {
      await card.getByLabel('Date From').fill(periodStart);
      await card.getByLabel('Date To').fill(periodEnd);
    };

    await test.step('Transactions: period required and ordered; the chosen terminal only', async () => {
      const card = page.getByRole('region', { name: 'Transactions', exact: true });
      await expect(card).toContainText('Terminal: UZS payouts');
      await card.getByRole('button', { name: 'Get report' }).click();
      await expectMessage(card, 'Date From is required');
      await expectMessage(card, 'Date To is required');
      await card.getByLabel('Date From').fill(periodEnd);
      await card.getByLabel('Date To').fill(periodStart);
      await card.getByRole('button', { name: 'Get report' }).click();
      await expectMessage(card, 'Date From cannot be after Date To');
      await fillPeriod(card);
      const { header, rows } = await download(card, 'Transactions');
      expect(header).toContain('Invoice ID');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.Terminal).toBe('UZS payouts');
        expect(row['Flow type']).toBe('WITHDRAWAL');
      }
    });

    await test.step('Balance: currency required', async () => {
      const card = page.getByRole('region', { name: 'Balance', exact: true });
      await fillPeriod(card);
      await card.getByRole('button', { name: 'Get report' }).click();
      await expectMessage(card, 'Currency is required');
      await card.getByRole('combobox', { name: 'Currency' }).selectOption({ label: 'UZS' });
      const { header, rows } = await download(card, 'Balance');
      expect(header).toEqual([
        'Date',
        'Currency',
        'Deposits',
        'Deposit sum',
        'Withdrawals',
        'Withdrawal sum',
        'Fees',
        'Settlements',
        'Net',
      ]);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.Currency).toBe('UZS');
        // Only the chosen payout terminal: no deposits in it.
        expect(row.Deposits).toBe('0');
        expect(row.Date ?? '').toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect((row.Date ?? '') >= periodStart && (row.Date ?? '') <= periodEnd).toBe(true);
      }
    });

    await test.step('Provider: currency and provider required', async () => {
      const card = page.getByRole('region', { name: 'Provider', exact: true });
      await fillPeriod(card);
      await card.getByRole('button', { name: 'Get report' }).click();
      await expectMessage(card, 'Currency is required');
      await expectMessage(card, 'Provider is required');
      await card.getByRole('combobox', { name: 'Currency' }).selectOption({ label: 'UZS' });
      await card
        .getByRole('combobox', { name: 'Provider' })
        .selectOption({ label: 'Sandbox provider' });
      const { header, rows } = await download(card, 'Provider');
      expect(header.slice(0, 3)).toEqual(['Date', 'Provider', 'Payment method']);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.Provider).toBe('Sandbox provider');
        expect(row.Currency).toBe('UZS');
      }
    });

    await test.step('Terminal Pool Balance: pool required', async () => {
      const card = page.getByRole('region', { name: 'Terminal Pool Balance', exact: true });
      await fillPeriod(card);
      await card.getByRole('button', { name: 'Get report' }).click();
      await expectMessage(card, 'Terminal pool is required');
      await card
        .getByRole('combobox', { name: 'Terminal pool' })
        .selectOption({ label: 'Main UZS pool' });
      const { header, rows } = await download(card, 'Terminal_Pool_Balance');
      expect(header.slice(0, 3)).toEqual(['Pool', 'Terminal ID', 'Terminal']);
      expect(rows.map((row) => row.Terminal)).toEqual(
        expect.arrayContaining(['UZS deposits', 'UZS payouts']),
      );
      for (const row of rows) expect(row.Pool).toBe('Main UZS pool');
    });
    await saveScreenshot(page, testInfo, 'admin-reports-downloaded');
  });

  test('an operator changes the password, signs in with the new one, then logs out', async ({
    page,
    playwright,
  }, testInfo) => {
    test.setTimeout(60_000);
    // An operator of its own: the demo operator's password stays as other specs know it.
    const operator = await createStaffUser(playwright, { role: 'operator' });
    const oldPassword = operator.password;
    const newPassword = `Fresh-${unique()}-key`;
    await signIn(page, operator.username, oldPassword);
    await openScreen(page, 'Settings', 'Settings');
    await page.getByRole('link', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
    const form = page.getByRole('main');
    const submit = form.getByRole('button', { name: 'Change password' });
    const oldField = form.getByLabel('Old password');
    const newField = form.getByLabel(/^New password/);
    const confirmField = form.getByLabel('Confirm new password');

    await submit.click();
    await expectMessage(form, 'Old password is required');
    await expectMessage(form, 'New password is required');
    await expectMessage(form, 'Please confirm the new password');
    await oldField.fill(oldPassword);
    await newField.fill(newPassword);
    await confirmField.fill(`${newPassword}x`);
    await submit.click();
    await expectMessage(form, 'Passwords do not match');

    // A wrong old password is said under its field, and what was typed stays.
    await oldField.fill('not-the-password');
    await confirmField.fill(newPassword);
    await submit.click();
    await expectMessage(form, 'Current password is incorrect');
    await expect(oldField).toHaveAttribute('aria-invalid', 'true');
    await expect(newField).toHaveValue(newPassword);
    await oldField.fill(oldPassword);
    // The password rules (packages/domain/src/staff/password-policy.ts): the form says why
    // before sending…
    await newField.fill('short');
    await confirmField.fill('short');
    await submit.click();
    await expectMessage(form, 'The password must be at least 12 characters long');
    // …and the server refuses a common or leaked password with its reason.
    await newField.fill('qwerty123456');
    await confirmField.fill('qwerty123456');
    await submit.click();
    await expectToast(
      page,
      'This password is on a list of common or leaked passwords; choose another one',
    );

    await newField.fill(newPassword);
    await confirmField.fill(newPassword);
    await submit.click();
    await expectToast(page, 'Password changed successfully!');
    await expect(oldField).toHaveValue('');
    await saveScreenshot(page, testInfo, 'operator-password-changed');

    // Log out: at login, and the screens are closed again.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(`${E2E_URLS.backoffice}/login`);
    await page.goto(`${E2E_URLS.backoffice}/settings`);
    await expect(page).toHaveURL(`${E2E_URLS.backoffice}/login`);

    // The old password no longer signs in.
    await page.getByLabel('Username').fill(operator.username);
    await page.getByLabel('Password').fill(oldPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Unauthorized' })).toBeVisible();
    await expect(page).toHaveURL(`${E2E_URLS.backoffice}/login`);
    // The new one does, and goes on to the screen that sent the person to login.
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${E2E_URLS.backoffice}/settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByText(operator.fullName)).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(`${E2E_URLS.backoffice}/login`);
  });
});
