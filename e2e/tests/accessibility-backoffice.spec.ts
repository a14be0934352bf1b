import { expect, type Page, test } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/backoffice-session.ts';
import { E2E_URLS } from '../support/e2e-servers.ts';
import { saveScreenshot } from '../support/screenshots.ts';

/**
 * axe-core on every main back-office screen, at the project's viewport (desktop 1440, phone 375):
 * no serious or critical violation. Then WCAG 1.4.10 Reflow: no screen is wider than the viewport.
 * Read-only: screens and dialogs are opened, nothing is changed. Each screen is checked once its
 * data has arrived (no spinner left), as a user would see it.
 */

const open = async (page: Page, path: string, heading: string | RegExp) => {
  await page.goto(`${E2E_URLS.backoffice}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
};

/** Nothing of the screen is still loading: no spinner ('Loading …' status) and no busy table. */
const settled = async (page: Page) => {
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
};

/** The history sections of the invoice details, all opened so their tables are checked too. */
const openInvoiceSections = async (page: Page) => {
  for (const section of ['Errors', 'Event Log', 'Callbacks', 'Support History', 'Transactions']) {
    const toggle = page.getByRole('button', { name: new RegExp(`^${section}( \\d+)?$`) });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
};

test.describe('back-office accessibility (axe-core: no serious or critical violations)', () => {
  test('login', async ({ page }) => {
    await page.goto(`${E2E_URLS.backoffice}/login`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'login');
    // The same screen with its field errors showing.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'login with field errors');
  });

  test('transactions, its filters and an invoice', async ({ page }) => {
    await signIn(page, 'admin');
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'transactions');

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await expect(filters.getByRole('checkbox', { name: 'Done' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'transactions filter dialog');
    await filters.getByRole('button', { name: 'Close' }).click();

    await table.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 2, name: 'Status history' })).toBeVisible();
    await openInvoiceSections(page);
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'invoice details');
  });

  test('reports, merchant, terminals', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    await open(page, '/reports', 'Reports');
    await expect(page.getByRole('region', { name: 'Balance', exact: true })).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'reports');

    await open(page, '/merchant', 'Merchant');
    await expect(page.getByLabel('Merchant name')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'merchant');
    await saveScreenshot(page, testInfo, 'backoffice-merchant');

    await open(page, '/terminals', 'Terminals');
    await expect(
      page.getByRole('tabpanel').getByRole('heading', { name: 'Attributes' }),
    ).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'terminals');
  });

  test('monitoring', async ({ page }) => {
    await signIn(page, 'operator');
    await open(page, '/monitoring', 'Monitoring');
    await expect(page.getByRole('tabpanel').getByRole('table')).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'monitoring');
  });

  test('accounts and account details', async ({ page }, testInfo) => {
    await signIn(page, 'operator');
    await open(page, '/accounts', 'Accounts');
    const table = page.getByRole('table', { name: 'Accounts' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'accounts');
    await saveScreenshot(page, testInfo, 'backoffice-accounts');

    await table.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Account \d+$/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Limits' })).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'account details');
    await saveScreenshot(page, testInfo, 'backoffice-account-details');
  });

  test('settings, change password and notifications', async ({ page }, testInfo) => {
    await signIn(page, 'support');
    await open(page, '/settings', 'Settings');
    await expectNoSeriousA11yViolations(page, 'settings');
    await saveScreenshot(page, testInfo, 'backoffice-settings');

    await open(page, '/settings/change-password', 'Change password');
    await expectNoSeriousA11yViolations(page, 'change password');
    // With the form's messages showing.
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Old password is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'change password with field errors');
    await saveScreenshot(page, testInfo, 'backoffice-change-password');

    await open(page, '/notifications', 'Notifications');
    await expectNoSeriousA11yViolations(page, 'notifications');
    await saveScreenshot(page, testInfo, 'backoffice-notifications');
  });

  test('users, roles, audit log and security', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    await open(page, '/users', 'Users');
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'users');
    await page.getByRole('button', { name: 'Add user' }).click();
    const addUser = page.getByRole('dialog', { name: 'Add user' });
    await expect(addUser.getByLabel('Username')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'add user dialog');
    await addUser.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('table', { name: 'Users' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'user details');

    await open(page, '/roles', 'Roles');
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'roles');
    await page.getByRole('button', { name: 'New role' }).click();
    const newRole = page.getByRole('dialog', { name: 'New role' });
    await expect(newRole.getByRole('checkbox').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'new role dialog');
    await newRole.getByRole('button', { name: 'Cancel' }).click();

    await open(page, '/audit', 'Audit log');
    await settled(page);
    await page
      .getByRole('button', { name: /^Details of entry/ })
      .first()
      .click();
    await expectNoSeriousA11yViolations(page, 'audit log with a row open');
    await saveScreenshot(page, testInfo, 'backoffice-audit-log');

    await open(page, '/settings/security', 'Security');
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'security');
    await saveScreenshot(page, testInfo, 'backoffice-security');
  });

  test('developers: its tabs and dialogs', async ({ page }, testInfo) => {
    // The demo merchant's user holds merchant.keys through the built-in merchant role.
    await signIn(page, 'merchant');
    await open(page, '/developers', 'Developers');
    await expect(
      page.getByRole('table', { name: 'API keys' }).getByRole('row').nth(1),
    ).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'developers: API keys');
    await saveScreenshot(page, testInfo, 'backoffice-developers');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const createKey = page.getByRole('dialog', { name: 'Create API key' });
    await expect(createKey.getByLabel('Label')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'create API key dialog');
    await createKey.getByRole('button', { name: 'Cancel' }).click();
    await expect(createKey).toBeHidden();

    const tabs = page.getByRole('tablist', { name: 'Developer settings' });
    await tabs.getByRole('tab', { name: 'Webhook signing secret' }).click();
    await expect(page.getByRole('button', { name: 'Reveal' })).toBeEnabled();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'developers: webhook signing secret');

    await tabs.getByRole('tab', { name: 'Webhook endpoints' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Webhook endpoints' })).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'developers: webhook endpoints');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const addEndpoint = page.getByRole('dialog', { name: 'Add endpoint' });
    await expect(addEndpoint.getByRole('checkbox').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'add endpoint dialog');
    await addEndpoint.getByRole('button', { name: 'Cancel' }).click();
    await expect(addEndpoint).toBeHidden();

    await tabs.getByRole('tab', { name: 'Events' }).click();
    await expect(page.getByRole('combobox', { name: 'Type' })).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page, 'developers: events');
  });
});

test('every main screen fits the viewport (WCAG 1.4.10 Reflow)', async ({ page }) => {
  test.setTimeout(60_000);
  const check = (name: string) => expectNoHorizontalOverflow(page, name, { soft: true });

  await page.goto(`${E2E_URLS.backoffice}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await check('login');

  await signIn(page, 'admin');
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row')).toHaveCount(11);
  await settled(page);
  await check('transactions');

  await page.getByRole('table', { name: 'Transactions' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Status history' })).toBeVisible();
  await settled(page);
  await check('invoice details');
  await openInvoiceSections(page);
  await settled(page);
  await check('invoice details with its sections open');

  const screens: Array<[string, string, string | RegExp]> = [
    ['/reports', 'reports', 'Reports'],
    ['/balance-movements?currency=UZS', 'balance movements', 'Balance movements'],
    ['/merchant', 'merchant', 'Merchant'],
    ['/terminals', 'terminals', 'Terminals'],
    ['/monitoring', 'monitoring', 'Monitoring'],
    ['/accounts', 'accounts', 'Accounts'],
    ['/settings', 'settings', 'Settings'],
    ['/settings/change-password', 'change password', 'Change password'],
    ['/notifications', 'notifications', 'Notifications'],
    ['/users', 'users', 'Users'],
    ['/roles', 'roles', 'Roles'],
    ['/audit', 'audit log', 'Audit log'],
    ['/settings/security', 'security', 'Security'],
    ['/developers', 'developers: API keys', 'Developers'],
    ['/developers?tab=webhook-secret', 'developers: webhook signing secret', 'Developers'],
    ['/developers?tab=endpoints', 'developers: webhook endpoints', 'Developers'],
    ['/developers?tab=events', 'developers: events', 'Developers'],
  ];
  for (const [path, name, heading] of screens) {
    await open(page, path, heading);
    await settled(page);
    await check(name);
  }
  await open(page, '/accounts', 'Accounts');
  await page.getByRole('table', { name: 'Accounts' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Limits' })).toBeVisible();
  await settled(page);
  await check('account details');
});
