import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from '../support/backoffice-session.ts';
import { E2E_URLS } from '../support/e2e-servers.ts';
import { saveScreenshot } from '../support/screenshots.ts';

test.describe('back office invoices against the real server', () => {
  test('a wrong password shows the status text and stays on login', async ({ page }) => {
    await page.goto(`${E2E_URLS.backoffice}/login`);
    await page.getByLabel('Username').fill('support');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Unauthorized' })).toBeVisible();
    await expect(page).toHaveURL(`${E2E_URLS.backoffice}/login`);
  });

  test('an admin filters, downloads, opens an invoice and changes its status', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'admin');
    await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Transactions' });
    // Ten rows by default (the header row is the eleventh).
    await expect(table.getByRole('row')).toHaveCount(11);
    await saveScreenshot(page, testInfo, 'backoffice-transactions');

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: 'Done' }).check();
    await filters.getByRole('combobox', { name: 'Flow Type' }).selectOption('DEPOSIT');
    await filters.getByRole('button', { name: 'Apply Filter' }).click();
    await expect(page).toHaveURL(/statusIds=\d+/);
    await expect(page).toHaveURL(/flowType=DEPOSIT/);
    await expect(table.getByRole('row').nth(1)).toContainText('DEPOSIT');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Get report' }).click();
    const csv = await download;
    expect(csv.suggestedFilename()).toBe('Invoices.csv');
    const rows = (await readFile(await csv.path(), 'utf8')).trim().split('\n');
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((row) => row.includes('DEPOSIT'))).toBe(true);

    // Reload keeps the filtered view: the filters live in the URL.
    await page.reload();
    await expect(page.getByRole('button', { name: /^Filter \(\d+\)$/ })).toBeVisible();

    await table.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Status history')).toBeVisible();

    await page.getByRole('combobox', { name: 'Change status' }).selectOption({ label: 'Declined' });
    await expect(
      page.getByText('Are you sure you want to change the payment status from Done to Declined?'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Status changed successfully!')).toBeVisible();
    await saveScreenshot(page, testInfo, 'backoffice-invoice-details');
  });

  test('log out ends at login and a reload stays signed out', async ({ page }) => {
    await signIn(page, 'support');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(`${E2E_URLS.backoffice}/login`);
    await page.goto(`${E2E_URLS.backoffice}/invoices`);
    await expect(page).toHaveURL(`${E2E_URLS.backoffice}/login`);
  });
});
