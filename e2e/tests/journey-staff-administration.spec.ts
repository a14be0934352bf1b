import { randomUUID } from 'node:crypto';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type AuthenticatorApp, authenticatorApp } from '../support/authenticator.ts';
import { demoPassword, signIn } from '../support/backoffice-session.ts';
import { expectToast, isoDay, openScreen } from '../support/backoffice-ui.ts';
import { E2E_URLS } from '../support/e2e-servers.ts';
import { saveScreenshot } from '../support/screenshots.ts';

/**
 * Issue 22 item 8, staff administration end to end: an admin makes a custom role and a merchant
 * user holding it; the user sets a password through the one-time link, turns on two-factor
 * sign-in (the codes computed from the setup key the page shows), signs in with password and code
 * and sees exactly the screens the role allows. The admin takes permissions away and the user's
 * next request is refused; the admin ends the user's sessions and the user's next click lands at
 * /login.
 *
 * The admin works in the test's page, the new user in a browser context of their own (no
 * cookies shared). Both projects run it against one database, so the role and the user are new
 * per run; no demo data is changed.
 */

const unique = () => randomUUID().slice(0, 8);

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** What the custom role grants (packages/domain permission-table.ts). */
const ROLE_PERMISSIONS = [
  'merchant.read',
  'merchant.read.report',
  'merchant.read.finance',
  'report.read.balance',
];
/**
 * Taken away in step 7: the Reports item and the only report the role reads. merchant.read.report
 * alone guards no server call (it is the navigation item), so report.read.balance goes too: the
 * download it allowed is the request the server then refuses.
 */
const REMOVED_PERMISSIONS = ['merchant.read.report', 'report.read.balance'];

/**
 * The navigation of the role (navigation.ts: Reports needs merchant.read.report, Balance movements
 * report.read.balance, Merchant merchant.read).
 */
const ROLE_NAVIGATION = [
  'Dashboard',
  'Reports',
  'Balance movements',
  'Merchant',
  'Terminals',
  'Settings',
  'Support',
];
const NOT_IN_ROLE_NAVIGATION = ['Accounts', 'Monitoring', 'Users', 'Roles', 'Audit log'];

/** The screen fits the window's width: nothing makes the page scroll sideways (phone 375 px). */
const expectNoSidewaysScroll = async (page: Page, screen: string) => {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.page, `${screen} is as wide as the window`).toBeLessThanOrEqual(widths.window);
};

/** Fills the Balance card's period and currency (a month up to today, UZS). */
const fillBalanceReport = async (card: Locator) => {
  await card.getByLabel('Date From').fill(isoDay(30));
  await card.getByLabel('Date To').fill(isoDay(0));
  await card.getByRole('combobox', { name: 'Currency' }).selectOption({ label: 'UZS' });
};

test('an admin adds a merchant user with a custom role; the user sets a password, turns on two-factor sign-in and is held to the role', async ({
  page,
  browser,
  viewport,
  isMobile,
  hasTouch,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = unique();
  const roleName = `Finance viewer ${suffix}`;
  const username = `fin-${suffix}`;
  const password = `Ledger ${unique()} quarterly`;
  let userContext: BrowserContext | undefined;

  try {
    await test.step('1. the admin makes a custom role from the permission checklist', async () => {
      await signIn(page, 'admin');
      await openScreen(page, 'Roles', 'Roles');
      await expect(page.getByRole('table', { name: 'Roles' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'the Roles screen');
      await page.getByRole('button', { name: 'New role' }).click();
      const dialog = page.getByRole('dialog', { name: 'New role' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(roleName);
      await dialog
        .getByRole('textbox', { name: 'Description' })
        .fill("A merchant's finance figures and balance report");
      const checklist = dialog.getByRole('group', { name: 'Permissions' });
      for (const permission of ROLE_PERMISSIONS) {
        const box = checklist.getByRole('checkbox', { name: permission, exact: true });
        await expect(box).toBeEnabled();
        await box.check();
        await expect(box).toBeChecked();
      }
      await expect(
        dialog.getByRole('checkbox', { name: 'Require two-factor sign-in' }),
      ).not.toBeChecked();
      await saveScreenshot(page, testInfo, 'staff-role-new');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Role created');
      await expect(dialog).toBeHidden();
      const row = page.getByRole('row').filter({ hasText: roleName });
      await expect(row).toContainText('0 users');
      await expect(row).toContainText(`${ROLE_PERMISSIONS.length} permissions`);
      await expect(row.getByRole('button', { name: `Edit ${roleName}` })).toBeVisible();
    });

    let link = '';
    await test.step('2. the admin adds the user to Silk Road Games with the role: a one-time link', async () => {
      await openScreen(page, 'Users', 'Users');
      await page.getByRole('button', { name: 'Add user' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add user' });
      await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
      await dialog.getByRole('textbox', { name: 'First name' }).fill('Dilnoza');
      await dialog.getByRole('textbox', { name: 'Last name' }).fill('Yusupova');
      await dialog
        .getByRole('combobox', { name: 'Merchant' })
        .selectOption({ label: 'Silk Road Games' });
      const role = dialog.getByRole('checkbox', { name: roleName, exact: true });
      await expect(role).toBeEnabled();
      await role.check();
      await expect(dialog).toContainText(
        'They get no password: you get a one-time link for them to choose one.',
      );
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await expectToast(page, 'User added');

      const linkDialog = page.getByRole('dialog', { name: `Set-password link for ${username}` });
      await expect(linkDialog).toContainText('This link is shown only once and works once');
      await expect(linkDialog).toContainText(
        `Until ${username} sets a password with it, they cannot sign in.`,
      );
      await expect(
        linkDialog.getByRole('button', { name: 'Copy set-password link' }),
      ).toBeVisible();
      link = (await linkDialog.locator('code').textContent()) ?? '';
      expect(link).toMatch(
        new RegExp(`^${E2E_URLS.backoffice.replaceAll('.', '\\.')}/password-reset/[\\w-]{43}$`),
      );
      await saveScreenshot(page, testInfo, 'staff-user-link');
      await linkDialog.getByRole('button', { name: 'Done' }).click();
      await expect(linkDialog).toBeHidden();

      await page.getByRole('searchbox', { name: 'Search' }).fill(username);
      const row = page.getByRole('row').filter({ hasText: username });
      await expect(row).toContainText('Dilnoza Yusupova');
      await expect(row).toContainText('Silk Road Games');
      await expect(row).toContainText(roleName);
      await expect(row).toContainText('No password yet');
    });

    userContext = await browser.newContext({ viewport, isMobile, hasTouch });
    const user = await userContext.newPage();

    await test.step('3. the user opens the link in their own browser and sets a password', async () => {
      await user.goto(link);
      await expect(
        user.getByRole('heading', { level: 1, name: 'Set your password' }),
      ).toBeVisible();
      await expect(user.getByRole('main')).toContainText(`Choose a password for ${username}.`);
      const newPassword = user.getByLabel('New password');
      const confirmPassword = user.getByLabel('Confirm password');
      // The rules are checked before sending: not the username.
      await newPassword.fill(`my-${username}-password`);
      await confirmPassword.fill(`my-${username}-password`);
      await user.getByRole('button', { name: 'Set password' }).click();
      await expect(
        user.getByText('The password must not contain the username', { exact: true }),
      ).toBeVisible();
      await newPassword.fill(password);
      await confirmPassword.fill(password);
      await user.getByRole('button', { name: 'Set password' }).click();
      await expect(
        user.getByRole('heading', { level: 1, name: 'Your password is set' }),
      ).toBeVisible();
      await expect(user.getByRole('status')).toHaveText(
        'Sign in with your username and the new password.',
      );
      await saveScreenshot(user, testInfo, 'staff-password-set');
      await user.getByRole('link', { name: 'Sign in' }).click();
      await expect(user).toHaveURL(`${E2E_URLS.backoffice}/login`);
      await expect(user.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    });

    let app: AuthenticatorApp | undefined;
    let enrolmentCode = '';
    await test.step('4. signed in with the password, the user turns on two-factor sign-in', async () => {
      await signIn(user, username, password);
      await openScreen(user, 'Settings', 'Settings');
      await user.getByRole('link', { name: 'Security' }).click();
      await expect(user.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
      const section = user.getByRole('region', { name: 'Two-factor sign-in' });
      await expect(section.getByText('Off', { exact: true })).toBeVisible();
      await expect(
        user.getByRole('region', { name: 'Sessions' }).getByText('This device'),
      ).toBeVisible();
      await expectNoSidewaysScroll(user, 'the Security screen');
      await section.getByRole('button', { name: 'Set up' }).click();
      // Its own password first: a stolen session alone cannot set up another authenticator.
      await section.getByLabel('Current password').fill(password);
      await section.getByRole('button', { name: 'Continue' }).click();

      await expect(
        section.getByRole('img', { name: 'QR code for your authenticator app' }),
      ).toBeVisible();
      await expect(section.getByRole('button', { name: 'Copy setup key' })).toBeVisible();
      // 160 bits in base32: 32 characters, shown in groups of 4.
      const setupKey = section.locator('code');
      await expect(setupKey).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
      const authenticator = authenticatorApp((await setupKey.textContent()) ?? '');
      app = authenticator;
      await saveScreenshot(user, testInfo, 'staff-two-factor-setup');

      const code = section.getByRole('textbox', { name: 'Code' });
      await code.fill('12345');
      await section.getByRole('button', { name: 'Turn on' }).click();
      await expect(
        section.getByText('Enter the 6 digits your authenticator app shows', { exact: true }),
      ).toBeVisible();
      enrolmentCode = await authenticator.nextCode();
      await code.fill(enrolmentCode);
      await section.getByRole('button', { name: 'Turn on' }).click();
      await expectToast(user, 'Two-factor sign-in is on');

      await expect(
        section.getByRole('heading', { level: 3, name: 'Save your recovery codes' }),
      ).toBeVisible();
      const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      const done = section.getByRole('button', { name: 'Done' });
      await expect(done).toBeDisabled();
      await saveScreenshot(user, testInfo, 'staff-recovery-codes');
      await section.getByRole('checkbox', { name: 'I have saved these codes' }).check();
      await done.click();
      await expect(section.getByText(/^On since \d/)).toBeVisible();
      await expect(section.getByText('Recovery codes left: 10')).toBeVisible();
      await expect(section.getByRole('button', { name: 'Turn off' })).toBeVisible();
    });

    await test.step('5. signing in again asks for the code after the password', async () => {
      await user.getByRole('button', { name: 'Log out' }).click();
      await expect(user).toHaveURL(`${E2E_URLS.backoffice}/login`);
      await user.getByLabel('Username').fill(username);
      await user.getByLabel('Password').fill(password);
      await user.getByRole('button', { name: 'Sign in' }).click();
      await expect(
        user.getByRole('heading', { level: 1, name: 'Two-factor sign-in' }),
      ).toBeVisible();
      await expect(user).toHaveURL(`${E2E_URLS.backoffice}/login`);
      const code = user.getByRole('textbox', { name: 'Code' });
      await expect(code).toBeFocused();
      // The code that turned it on was used: the server never takes a code twice.
      await code.fill(enrolmentCode);
      await user.getByRole('button', { name: 'Sign in' }).click();
      await expect(
        user.getByText(
          'The code is not right. Check that the time on your phone is set automatically',
          { exact: true },
        ),
      ).toBeVisible();
      await expect(user).toHaveURL(`${E2E_URLS.backoffice}/login`);
      await saveScreenshot(user, testInfo, 'staff-two-factor-code');
      if (!app) throw new Error('two-factor sign-in was not set up');
      await code.fill(await app.nextCode());
      await user.getByRole('button', { name: 'Sign in' }).click();
      // Signed in (today the app returns to the screen where they logged out).
      await expect(user).not.toHaveURL(/\/login$/);
      await expect(user.getByRole('banner')).toContainText('Dilnoza Yusupova');
      await openScreen(user, 'Dashboard', 'Transactions');
    });

    const balance = user.getByRole('region', { name: 'Balance', exact: true });
    await test.step('6. the user sees exactly the screens the role allows', async () => {
      await expect(navigation(user).getByRole('link')).toHaveText(ROLE_NAVIGATION);
      for (const item of NOT_IN_ROLE_NAVIGATION) {
        await expect(navigation(user).getByRole('link', { name: item })).toHaveCount(0);
      }
      // merchant.read.finance: the finance summary; no merchant chooser for a merchant's user.
      await expect(user.getByRole('region', { name: 'Finance summary' })).toBeVisible();
      await expect(
        user.getByRole('banner').getByRole('combobox', { name: 'Merchant', exact: true }),
      ).toHaveCount(0);
      await saveScreenshot(user, testInfo, 'staff-user-dashboard');

      await openScreen(user, 'Merchant', 'Merchant');
      await expect(user.getByRole('textbox', { name: 'Merchant name' })).toHaveValue(
        'Silk Road Games',
      );
      await expect(user.getByRole('button', { name: 'New Merchant' })).toHaveCount(0);

      // Reports: the Balance card only (report.read.balance), and it downloads.
      await openScreen(user, 'Reports', 'Reports');
      await expect(balance).toBeVisible();
      for (const card of ['Transactions', 'Provider', 'Terminal Pool Balance']) {
        await expect(user.getByRole('region', { name: card, exact: true })).toHaveCount(0);
      }
      await fillBalanceReport(balance);
      const file = user.waitForEvent('download');
      await balance.getByRole('button', { name: 'Get report' }).click();
      const name = `Balance_${isoDay(30)}_${isoDay(0)}.csv`;
      expect((await file).suggestedFilename()).toBe(name);
      await expectToast(user, `Report saved: ${name}`);
      await saveScreenshot(user, testInfo, 'staff-user-reports');

      // Screens outside the role, opened by their address, offer nothing and say why.
      await user.goto(`${E2E_URLS.backoffice}/roles`);
      await expect(user.getByText('Roles need the role.manage permission.')).toBeVisible();
      await expect(user.getByRole('button', { name: 'New role' })).toHaveCount(0);
      await user.goto(`${E2E_URLS.backoffice}/users`);
      await expect(
        user.getByText('Users need the user.manage or user.manage.own permission.'),
      ).toBeVisible();
      await expect(user.getByRole('button', { name: 'Add user' })).toHaveCount(0);
      await user.goto(`${E2E_URLS.backoffice}/reports`);
      await expect(balance).toBeVisible();
    });

    await test.step('7. the admin takes the reports away: the next request is refused', async () => {
      await openScreen(page, 'Roles', 'Roles');
      const row = page.getByRole('row').filter({ hasText: roleName });
      await expect(row).toContainText('1 user');
      await row.getByRole('button', { name: `Edit ${roleName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit role ${roleName}` });
      await expect(dialog).toContainText('1 user holds it.');
      for (const permission of REMOVED_PERMISSIONS) {
        const box = dialog.getByRole('checkbox', { name: permission, exact: true });
        await expect(box).toBeChecked();
        await box.uncheck();
      }
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Role saved');
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(
        `${ROLE_PERMISSIONS.length - REMOVED_PERMISSIONS.length} permissions`,
      );

      // The user's screen still offers the report (loaded before); the server refuses it now.
      await expect(balance).toBeVisible();
      await fillBalanceReport(balance);
      await balance.getByRole('button', { name: 'Get report' }).click();
      const refused = user.getByRole('alert').filter({ hasText: 'Forbidden' });
      await expect(refused).toBeVisible();
      await saveScreenshot(user, testInfo, 'staff-user-refused');
      await refused.getByRole('button', { name: 'Close' }).click();
      await expect(refused).toHaveCount(0);

      // Loaded again, the screens follow the role: no Reports or Balance movements item, no
      // report on /reports.
      await user.reload();
      await expect(user.getByText('No reports are available to you.')).toBeVisible();
      await expect(navigation(user).getByRole('link')).toHaveText(
        ROLE_NAVIGATION.filter((item) => item !== 'Reports' && item !== 'Balance movements'),
      );
    });

    await test.step('8. the admin signs the user out everywhere: their next click is at login', async () => {
      await openScreen(page, 'Users', 'Users');
      await page.getByRole('searchbox', { name: 'Search' }).fill(username);
      await page.getByRole('link', { name: username, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: username })).toBeVisible();
      /** A field of the user's details, by its term. */
      const field = (label: string) =>
        page
          .locator('dt')
          .filter({ hasText: new RegExp(`^${label}$`) })
          .locator('xpath=following-sibling::dd[1]');
      await expect(field('Two-factor sign-in')).toHaveText('On');
      await expect(field('Password')).toHaveText('Set');
      await expect(field('Active sessions')).toHaveText('1');
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      const confirm = page.getByRole('dialog', { name: `Sign ${username} out everywhere?` });
      await expect(confirm).toContainText('Every session of theirs ends');
      await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
      await expectToast(page, 'Ended 1 session');
      await expect(confirm).toBeHidden();
      await expect(field('Active sessions')).toHaveText('0');
      await saveScreenshot(page, testInfo, 'staff-user-signed-out');

      // The user's next click lands at login, unless their live-event stream dropped meanwhile and
      // its session check took them there first (live-event-client.ts): on a busy machine the
      // stream's reconnect can fall between the sign-out and the click.
      const atLogin = user.getByRole('heading', { level: 1, name: 'Sign in' });
      const dashboard = navigation(user).getByRole('link', { name: 'Dashboard' });
      await expect(dashboard.or(atLogin)).toBeVisible();
      if (await dashboard.isVisible()) {
        // A redirect that overtakes the click leaves no link to click: where the user ends up
        // is what is checked next.
        await dashboard.click({ timeout: 5_000 }).catch(() => undefined);
      }
      await expect(user).toHaveURL(`${E2E_URLS.backoffice}/login`);
      await expect(user.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await saveScreenshot(user, testInfo, 'staff-user-at-login');
    });
  } finally {
    await userContext?.close();
  }
});

test('a security action after a long session asks the admin to confirm with their password, then goes through', async ({
  page,
}, testInfo) => {
  const roleName = `Confirmed role ${unique()}`;
  await signIn(page, 'admin');
  await openScreen(page, 'Roles', 'Roles');
  await page.getByRole('button', { name: 'New role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'New role' });
  await roleDialog.getByRole('textbox', { name: 'Name' }).fill(roleName);
  await roleDialog
    .getByRole('group', { name: 'Permissions' })
    .getByRole('checkbox', { name: 'merchant.read', exact: true })
    .check();

  // The session is seconds old, so the server would take the call: its first answer is the one
  // a session signed in over 15 minutes ago gets (decision 0019). The confirmation and the call
  // sent again after it reach the real server.
  const roleCalls: string[] = [];
  await page.route(`${E2E_URLS.backoffice}/api/v1/roles`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    roleCalls.push(route.request().postData() ?? '');
    if (roleCalls.length > 1) return route.continue();
    return route.fulfill({
      status: 403,
      contentType: 'application/problem+json; charset=utf-8',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Forbidden',
        status: 403,
        detail: 'Confirm it is you: enter your password to continue',
        code: 'reauthentication_required',
        requestId: randomUUID(),
      }),
    });
  });
  const confirmations: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/v1/reauthentication')) confirmations.push(response.status());
  });

  await roleDialog.getByRole('button', { name: 'Create' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(
    'This action changes who can do what. Enter your password to continue.',
  );
  // The demo admin has no second factor: the password alone is asked, and it has the focus.
  await expect(confirm.getByLabel('Code from your authenticator app')).toHaveCount(0);
  const password = confirm.getByLabel('Password');
  await expect(password).toBeFocused();
  await saveScreenshot(page, testInfo, 'staff-confirm-it-is-you');
  await password.fill(demoPassword('admin'));
  await password.press('Enter');

  await expectToast(page, 'Role created');
  await expect(confirm).toBeHidden();
  await expect(roleDialog).toBeHidden();
  expect(confirmations).toEqual([200]);
  // The same request, sent again once.
  expect(roleCalls).toHaveLength(2);
  expect(roleCalls[1]).toBe(roleCalls[0]);
  await expect(page.getByRole('row').filter({ hasText: roleName })).toContainText('1 permission');
});
