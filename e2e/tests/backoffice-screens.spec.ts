import { expect, test } from '@playwright/test';
import { signIn } from '../support/backoffice-session.ts';
import { openScreen } from '../support/backoffice-ui.ts';
import { readCsvFile } from '../support/csv-file.ts';
import { saveScreenshot } from '../support/screenshots.ts';

test.describe('back-office screens against the real server', () => {
  test('an admin reaches every screen and downloads a balance report', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'admin');

    await openScreen(page, 'Reports', 'Reports');
    const balance = page.getByRole('region', { name: 'Balance', exact: true });
    await balance.getByLabel('Date From').fill('2026-01-01');
    await balance.getByLabel('Date To').fill('2026-12-31');
    await balance.getByLabel('Currency').selectOption({ label: 'UZS' });
    const download = page.waitForEvent('download');
    await balance.getByRole('button', { name: 'Get report' }).click();
    expect((await download).suggestedFilename()).toMatch(/^Balance_.*\.csv$/);
    await saveScreenshot(page, testInfo, 'backoffice-reports');

    await openScreen(page, 'Merchant', 'Merchant');
    await expect(page.getByText(/^pk_[0-9a-f]{32}$/)).toBeVisible();

    await openScreen(page, 'Terminals', 'Terminals');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await saveScreenshot(page, testInfo, 'backoffice-terminals');

    await openScreen(page, 'Accounts', 'Accounts');
    await page.getByRole('table').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Account \d+$/ })).toBeVisible();

    await openScreen(page, 'Monitoring', 'Monitoring');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await saveScreenshot(page, testInfo, 'backoffice-monitoring');

    await openScreen(page, 'Settings', 'Settings');
    await page.getByRole('link', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
  });

  test('a merchant sees only what the merchant role allows', async ({ page }) => {
    await signIn(page, 'merchant');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Reports' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Accounts' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Monitoring' })).toHaveCount(0);
    // No merchant chooser: a merchant works on its own merchant only.
    await expect(page.getByLabel('Merchant', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Balance', exact: true })).toBeVisible();
  });

  test("a merchant's balance statement adds up, row by row", async ({ page }) => {
    await signIn(page, 'merchant');
    await openScreen(page, 'Reports', 'Reports');
    const card = page.getByRole('region', { name: 'Balance statement', exact: true });
    // The demo data of the last 30 days, and a day ahead for a status date just past midnight.
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await card.getByLabel('Date From').fill(day(-60));
    await card.getByLabel('Date To').fill(day(1));
    await card.getByLabel('Currency').selectOption({ label: 'UZS' });
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Get report' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Statement_${day(-60)}_${day(1)}.csv`);
    await expect(page.getByText(`Report saved: ${file.suggestedFilename()}`)).toBeVisible();
    const { rows } = await readCsvFile(await file.path());
    expect(rows.length).toBeGreaterThan(0);
    // UZS has two decimals: "-1500.00" is -150000 tiyin.
    const minor = (printed: string | undefined) => BigInt((printed ?? '').replace('.', ''));
    for (const [index, row] of rows.entries()) {
      expect(row.Merchant).toBe(rows[0]?.Merchant);
      expect(['invoice', 'settlement', 'recount']).toContain(row.Cause);
      const before = rows[index - 1];
      if (!before) continue;
      expect(Number(row['Movement ID'])).toBeGreaterThan(Number(before['Movement ID']));
      // One balance, in ledger order: each row is the one before it plus its change.
      expect(minor(row['Available after'])).toBe(
        minor(before['Available after']) + minor(row['Available change']),
      );
      expect(minor(row['Reserved after'])).toBe(
        minor(before['Reserved after']) + minor(row['Reserved change']),
      );
    }
  });
});
