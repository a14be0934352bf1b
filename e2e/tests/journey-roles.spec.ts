import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  test,
} from '@playwright/test';
import { signIn } from '../support/backoffice-session.ts';
import { type DemoUsername, demoApiAs, terminalIdByName } from '../support/demo-api.ts';
import { E2E_URLS } from '../support/e2e-servers.ts';
import { saveScreenshot } from '../support/screenshots.ts';

/**
 * Issue 9, back office by role: admin, merchant, support and operator each see exactly the
 * navigation and the actions their permissions allow (packages/domain role-permissions.ts and
 * SPEC §6), and the API refuses (403) a call the role is not allowed to make. Read-only: nothing
 * is changed, so the demo data stays as the other specs expect it.
 */

type Role = DemoUsername;

interface InvoiceSummary {
  invoiceId: string;
  providerInvoiceId: string | null;
  isTestProcessing: boolean;
}

/** The newest invoice of the first demo merchant matching the query (as the admin sees it). */
const findInvoice = async (api: APIRequestContext, query: string): Promise<InvoiceSummary> => {
  const response = await api.get(`/api/v1/invoice?merchantId=1&size=1&${query}`);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { items: InvoiceSummary[] } };
  const invoice = data.items[0];
  if (!invoice) throw new Error(`no demo invoice for ${query}`);
  return invoice;
};

/** Shared across the role tests: a declined production withdrawal and a test-processing one. */
interface DemoInvoices {
  /** Production, DECLINED, with a provider invoice id: every action could apply to it. */
  declinedPayout: InvoiceSummary;
  /** Test-processing (RUB payouts): anyone signed in may change its status (SPEC §4). */
  testPayout: InvoiceSummary;
  uzsDepositsTerminalId: number;
}

const loadDemoInvoices = async (
  playwright: PlaywrightWorkerArgs['playwright'],
): Promise<DemoInvoices> => {
  const admin = await demoApiAs(playwright, 'admin');
  try {
    const uzsPayouts = await terminalIdByName(admin, 'UZS payouts', 1);
    const rubPayouts = await terminalIdByName(admin, 'RUB payouts', 1);
    // 201005 is Declined in the payment status list (reference 201).
    const declinedPayout = await findInvoice(
      admin,
      `flowType=WITHDRAWAL&statusIds=201005&terminalId=${uzsPayouts}`,
    );
    const testPayout = await findInvoice(admin, `flowType=WITHDRAWAL&terminalId=${rubPayouts}`);
    expect(declinedPayout.isTestProcessing).toBe(false);
    expect(declinedPayout.providerInvoiceId).not.toBeNull();
    expect(testPayout.isTestProcessing).toBe(true);
    const uzsDepositsTerminalId = await terminalIdByName(admin, 'UZS deposits', 1);
    return { declinedPayout, testPayout, uzsDepositsTerminalId };
  } finally {
    await admin.dispose();
  }
};

const NAVIGATION: Record<Role, string[]> = {
  admin: [
    'Dashboard',
    'Reports',
    'Balance movements',
    'Merchant',
    'Terminals',
    'Accounts',
    'Monitoring',
    'Users',
    'Roles',
    'Audit log',
    'Developers',
    'Settings',
    'Support',
  ],
  // The merchant administers its own merchant's users (decision 0019) and its API keys and
  // webhooks (decision 0021).
  merchant: [
    'Dashboard',
    'Reports',
    'Balance movements',
    'Merchant',
    'Terminals',
    'Users',
    'Developers',
    'Settings',
    'Support',
  ],
  support: ['Dashboard', 'Merchant', 'Terminals', 'Settings', 'Support'],
  operator: [
    'Dashboard',
    'Reports',
    'Merchant',
    'Terminals',
    'Accounts',
    'Monitoring',
    'Settings',
    'Support',
  ],
};

/** What each role may do, per screen (from role-permissions.ts through SPEC §6). */
const EXPECTED: Record<
  Role,
  {
    financeSummary: boolean;
    merchantChooser: boolean;
    invoiceActions: string[];
    invoiceSections: string[];
    providerInvoiceId: boolean;
    credentials: boolean;
    reportCards: string[];
    newTerminal: boolean;
    switchToProduction: boolean;
    attributes: 'edit' | 'read' | 'none';
    renameTerminal: boolean;
    newMerchant: boolean;
    accounts: 'change' | 'none';
  }
> = {
  admin: {
    financeSummary: true,
    merchantChooser: true,
    invoiceActions: ['Change status', 'Change amount', 'Retry', 'Send callback'],
    invoiceSections: ['Errors', 'Event Log', 'Callbacks', 'Support History', 'Transactions'],
    providerInvoiceId: true,
    credentials: true,
    reportCards: [
      'Transactions',
      'Provider',
      'Terminal Pool Balance',
      'Balance',
      'Balance statement',
    ],
    newTerminal: true,
    switchToProduction: true,
    attributes: 'edit',
    renameTerminal: true,
    newMerchant: true,
    accounts: 'change',
  },
  merchant: {
    financeSummary: true,
    merchantChooser: false,
    // SPEC §4 ties Retry to no permission: its own merchant's declined withdrawal (decision 0006).
    invoiceActions: ['Retry'],
    invoiceSections: ['Errors', 'Event Log', 'Callbacks', 'Support History', 'Transactions'],
    providerInvoiceId: false,
    credentials: false,
    reportCards: ['Transactions', 'Balance', 'Balance statement'],
    newTerminal: true,
    switchToProduction: false,
    attributes: 'read',
    renameTerminal: true,
    newMerchant: false,
    accounts: 'none',
  },
  support: {
    financeSummary: false,
    merchantChooser: true,
    invoiceActions: ['Change status', 'Retry', 'Send callback'],
    invoiceSections: ['Errors', 'Event Log', 'Callbacks', 'Support History', 'Transactions'],
    providerInvoiceId: true,
    credentials: true,
    reportCards: [],
    newTerminal: false,
    switchToProduction: false,
    attributes: 'none',
    renameTerminal: false,
    // merchant.rw.all lets support choose any merchant, not create one (merchant.create, 0017).
    newMerchant: false,
    accounts: 'none',
  },
  operator: {
    financeSummary: false,
    merchantChooser: true,
    invoiceActions: [],
    invoiceSections: ['Event Log', 'Support History'],
    providerInvoiceId: true,
    credentials: false,
    reportCards: ['Provider', 'Terminal Pool Balance'],
    newTerminal: false,
    switchToProduction: true,
    attributes: 'edit',
    renameTerminal: true,
    newMerchant: false,
    accounts: 'change',
  },
};

const ALL_ACTIONS = ['Change status', 'Change amount', 'Retry', 'Send callback'];
const ALL_SECTIONS = ['Errors', 'Event Log', 'Callbacks', 'Support History', 'Transactions'];
const ALL_REPORT_CARDS = [
  'Transactions',
  'Provider',
  'Terminal Pool Balance',
  'Balance',
  'Balance statement',
];

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** A control shown (count 1) or absent (count 0), by whether the role may use it. */
const expectShown = async (locator: Locator, shown: boolean) => {
  if (shown) await expect(locator).toBeVisible();
  else await expect(locator).toHaveCount(0);
};

const invoiceAction = (page: Page, name: string) => {
  const actions = page.getByRole('region', { name: 'Invoice actions' });
  return name === 'Change status'
    ? actions.getByRole('combobox', { name })
    : actions.getByRole('button', { name, exact: true });
};

/** The heading button of a collapsible section of the invoice details, e.g. 'Errors 1'. */
const sectionToggle = (page: Page, name: string) =>
  page
    .getByRole('heading', { level: 2 })
    .getByRole('button', { name: new RegExp(`^${name}( \\d+)?$`) });

const fieldLabel = (page: Page, label: string) =>
  page.locator('.bo-invoice-fields dt').filter({ hasText: new RegExp(`^${label}$`) });

const checkInvoiceDetails = async (page: Page, role: Role, invoice: InvoiceSummary) => {
  const expected = EXPECTED[role];
  await page.goto(`${E2E_URLS.backoffice}/invoices/${invoice.invoiceId}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice / })).toContainText(
    invoice.invoiceId,
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Status history' })).toBeVisible();
  // The sections come from the permissions of the person, loaded with the page.
  await expect(sectionToggle(page, 'Support History')).toBeVisible();
  for (const name of ALL_ACTIONS) {
    await expectShown(invoiceAction(page, name), expected.invoiceActions.includes(name));
  }
  await expectShown(
    page.getByRole('region', { name: 'Invoice actions' }),
    expected.invoiceActions.length > 0,
  );
  for (const name of ALL_SECTIONS) {
    await expectShown(sectionToggle(page, name), expected.invoiceSections.includes(name));
  }
  await expectShown(fieldLabel(page, 'Provider Invoice ID'), expected.providerInvoiceId);
  if (expected.providerInvoiceId) {
    await expect(page.getByText(invoice.providerInvoiceId ?? '-', { exact: true })).toBeVisible();
  }
  await expectShown(fieldLabel(page, 'Credentials'), expected.credentials);
};

const checkTerminals = async (page: Page, role: Role) => {
  const expected = EXPECTED[role];
  await navigation(page).getByRole('link', { name: 'Terminals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terminals' })).toBeVisible();
  await expectShown(page.getByRole('button', { name: 'New Terminal' }), expected.newTerminal);
  // RUB payouts is the demo's test-mode terminal: the production switch applies to it.
  await page.getByRole('tab', { name: 'RUB payouts', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'RUB payouts' });
  await expect(panel.getByText('RUB', { exact: true })).toBeVisible();
  await expectShown(
    panel.getByRole('button', { name: 'Switch to production' }),
    expected.switchToProduction,
  );
  await expectShown(
    panel.getByRole('heading', { name: 'Attributes' }),
    expected.attributes !== 'none',
  );
  await expectShown(
    panel.getByRole('button', { name: 'Add attribute' }),
    expected.attributes === 'edit',
  );
  const name = panel.getByRole('textbox', { name: 'Name', exact: true });
  if (expected.renameTerminal) {
    await expect(name).toBeEditable();
    await expect(panel.getByRole('button', { name: 'Save' })).toBeVisible();
  } else {
    await expect(name).not.toBeEditable();
    await expect(panel.getByRole('button', { name: 'Save' })).toHaveCount(0);
  }
};

const checkReports = async (page: Page, role: Role) => {
  const expected = EXPECTED[role];
  if (!NAVIGATION[role].includes('Reports')) {
    // Opened by its address, the screen offers nothing: no card is allowed.
    await page.goto(`${E2E_URLS.backoffice}/reports`);
    await expect(page.getByText('No reports are available to you.')).toBeVisible();
    return;
  }
  await navigation(page).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('region', { name: expected.reportCards[0] })).toBeVisible();
  for (const card of ALL_REPORT_CARDS) {
    await expectShown(
      page.getByRole('region', { name: card, exact: true }),
      expected.reportCards.includes(card),
    );
  }
};

const checkMerchant = async (page: Page, role: Role) => {
  await navigation(page).getByRole('link', { name: 'Merchant' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant' })).toBeVisible();
  // Every role has merchant.read: the name can be edited.
  await expect(page.getByRole('textbox', { name: 'Merchant name' })).toBeEditable();
  await expectShown(page.getByRole('button', { name: 'New Merchant' }), EXPECTED[role].newMerchant);
};

const checkAccounts = async (page: Page, role: Role) => {
  if (EXPECTED[role].accounts === 'none') {
    // Opened by its address the screen says why it shows nothing (the server would refuse).
    await page.goto(`${E2E_URLS.backoffice}/accounts`);
    await expect(page.getByText('Accounts need the people.account permission.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
    return;
  }
  await navigation(page).getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /^Account \d+ enabled$/ }).first()).toBeEnabled();
};

const checkMonitoring = async (page: Page, role: Role) => {
  if (NAVIGATION[role].includes('Monitoring')) {
    await navigation(page).getByRole('link', { name: 'Monitoring' }).click();
    await expect(page.getByRole('tablist', { name: 'Merchants' })).toBeVisible();
  } else {
    await page.goto(`${E2E_URLS.backoffice}/monitoring`);
    await expect(page.getByText('You do not have access to monitoring')).toBeVisible();
  }
};

for (const role of ['admin', 'merchant', 'support', 'operator'] as const) {
  test(`${role}: navigation, screens and actions as the ${role} role allows`, async ({
    page,
    playwright,
  }, testInfo) => {
    test.setTimeout(60_000);
    const invoices = await loadDemoInvoices(playwright);
    const expected = EXPECTED[role];
    await signIn(page, role);

    await expect(navigation(page).getByRole('link')).toHaveText(NAVIGATION[role]);
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    await expectShown(
      page.getByRole('region', { name: 'Finance summary' }),
      expected.financeSummary,
    );
    await expectShown(
      page.getByRole('banner').getByRole('combobox', { name: 'Merchant', exact: true }),
      expected.merchantChooser,
    );
    await expect(page.getByRole('combobox', { name: 'Terminal' })).toBeVisible();
    await saveScreenshot(page, testInfo, `roles-${role}-transactions`);

    await checkInvoiceDetails(page, role, invoices.declinedPayout);
    await checkReports(page, role);
    await checkMerchant(page, role);
    await checkTerminals(page, role);
    await checkAccounts(page, role);
    await checkMonitoring(page, role);
  });
}

test('merchant: the settlement control needs a chosen terminal; test invoices can change status', async ({
  page,
  playwright,
}) => {
  const invoices = await loadDemoInvoices(playwright);
  await signIn(page, 'merchant');
  const balance = page.getByRole('region', { name: 'Balance', exact: true });
  await expect(balance).toBeVisible();
  await expect(balance.getByRole('button', { name: 'Settlement' })).toHaveCount(0);
  await page
    .getByRole('combobox', { name: 'Terminal' })
    .selectOption(String(invoices.uzsDepositsTerminalId));
  await expect(balance.getByRole('button', { name: 'Settlement' })).toBeVisible();
  await balance.getByRole('button', { name: 'Settlement' }).click();
  await expect(page.getByRole('dialog', { name: 'Settlement for UZS deposits' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // Without invoice.status.change, a test-processing invoice may still change status (SPEC §4).
  await page.goto(`${E2E_URLS.backoffice}/invoices/${invoices.testPayout.invoiceId}`);
  await expect(page.getByText('Status history')).toBeVisible();
  await expect(invoiceAction(page, 'Change status')).toBeVisible();
});

test('the API answers 403 to a call the role lacks the permission for, 401 signed out', async ({
  playwright,
}) => {
  const zeroUuid = '00000000-0000-0000-0000-000000000000';
  const refused: Array<{
    role: Role;
    method: 'GET' | 'POST' | 'PATCH' | 'PUT';
    path: string;
    data?: unknown;
    permission: string;
  }> = [
    {
      role: 'merchant',
      method: 'GET',
      path: '/api/v1/people/account',
      permission: 'people.account',
    },
    {
      role: 'merchant',
      method: 'GET',
      path: '/api/data/v1/terminal?minutes=60',
      permission: 'data.terminal.statistic',
    },
    { role: 'merchant', method: 'GET', path: '/api/v1/merchant', permission: 'merchant.rw.all' },
    {
      role: 'support',
      method: 'POST',
      path: '/api/v1/merchant',
      data: { name: 'Not theirs to create' },
      permission: 'merchant.create',
    },
    {
      role: 'operator',
      method: 'POST',
      path: '/api/v1/merchant',
      data: { name: 'Not theirs to create' },
      permission: 'merchant.create',
    },
    {
      role: 'support',
      method: 'POST',
      path: '/api/v1/settlement',
      data: { baseAmount: 1, settlementAmount: 1, terminalId: 1 },
      permission: 'settlement.create',
    },
    {
      role: 'support',
      method: 'GET',
      path: '/api/v1/report/balance?periodStart=2026-01-01&periodEnd=2026-01-31&currencyId=101002',
      permission: 'report.read.balance',
    },
    {
      role: 'support',
      method: 'PATCH',
      path: '/api/v1/invoice/amount',
      data: { invoiceId: zeroUuid, amount: 100 },
      permission: 'invoice.amount.change',
    },
    {
      role: 'support',
      method: 'POST',
      path: '/api/v1/terminal/merchantId=1',
      data: { name: 'Not allowed', flowTypeId: 200001, currencyId: 101002 },
      permission: 'terminal.create',
    },
    {
      role: 'operator',
      method: 'POST',
      path: '/api/v1/merchant/support/approve',
      data: { ticketId: 1 },
      permission: 'ticket.decision',
    },
    {
      role: 'operator',
      method: 'POST',
      path: '/api/v1/merchant/callback',
      data: { invoiceId: zeroUuid },
      permission: 'merchant.callback.edit',
    },
    {
      role: 'operator',
      method: 'GET',
      path: '/api/v1/report/invoice?periodStart=2026-01-01&periodEnd=2026-01-31',
      permission: 'report.read.invoice',
    },
  ];
  const clients = new Map<Role, APIRequestContext>();
  try {
    for (const call of refused) {
      let api = clients.get(call.role);
      if (!api) {
        api = await demoApiAs(playwright, call.role);
        clients.set(call.role, api);
      }
      const response = await api.fetch(call.path, {
        method: call.method,
        ...(call.data === undefined ? {} : { data: call.data }),
      });
      expect(
        response.status(),
        `${call.role} ${call.method} ${call.path} (needs ${call.permission})`,
      ).toBe(403);
      // The refusal is a problem (decision 0020), its id the answer's Request-Id.
      expect(response.headers()['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(await response.json()).toEqual({
        type: 'about:blank',
        title: 'Forbidden',
        status: 403,
        detail: 'Forbidden',
        code: 'forbidden',
        requestId: response.headers()['request-id'],
      });
    }

    // The same calls are allowed with the permission: the admin reads the accounts.
    const admin = await demoApiAs(playwright, 'admin');
    clients.set('admin', admin);
    expect((await admin.get('/api/v1/people/account')).status()).toBe(200);
    expect((await admin.get('/api/v1/merchant')).status()).toBe(200);

    // Signed out, the same call is 401, not 403.
    const anonymous = await demoApiAs(playwright, null);
    try {
      expect((await anonymous.get('/api/v1/people/account')).status()).toBe(401);
    } finally {
      await anonymous.dispose();
    }
  } finally {
    for (const api of clients.values()) await api.dispose();
  }
});
