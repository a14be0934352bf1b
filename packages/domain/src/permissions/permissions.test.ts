import { describe, expect, it } from 'vitest';
import {
  NAVIGATION_ITEMS,
  REPORT_CARDS,
  visibleNavigationItems,
  visibleReportCards,
} from './navigation.ts';
import {
  canCreateSettlement,
  canLoadAllMerchants,
  canMonitorTerminals,
  canReadOwnMerchant,
  canSeeFinanceSummary,
  canToggleAccounts,
  invoiceDetailAccess,
  terminalAccess,
} from './permission-predicates.ts';
import {
  ALL_PERMISSIONS,
  hasAllPermissions,
  hasAnyPermission,
  hasPermission,
  isKnownPermission,
} from './permission-table.ts';
import { ROLE_NAMES, ROLE_PERMISSIONS } from './role-permissions.ts';

// Every permission string of SPEC §6, copied from the spec on purpose: the table must hold each.
const SPEC_PERMISSIONS = [
  'merchant.rw.all',
  'merchant.read',
  'merchant.read.report',
  'merchant.read.finance',
  'people.account',
  'people.account.edit',
  'terminal.statistic.settings',
  'data.terminal.statistic',
  'settlement.create',
  'report.read.balance',
  'report.read.invoice',
  'report.read.provider',
  'report.read.pool.balance',
  'invoice.error.read',
  'invoice.transaction.read',
  'invoice.event.read',
  'merchant.callback.read',
  'merchant.callback.edit',
  'invoice.amount.change',
  'invoice.status.change',
  'invoice.provider.read',
  'invoice.credentials.read',
  'ticket.decision',
  'terminal.create',
  'terminal.prod.change',
  'terminal.attr.read',
];

describe('permission table', () => {
  it('holds exactly the permissions of SPEC §6, each once', () => {
    expect([...ALL_PERMISSIONS].sort()).toEqual([...SPEC_PERMISSIONS].sort());
  });

  it('recognises known strings only', () => {
    expect(isKnownPermission('ticket.decision')).toBe(true);
    expect(isKnownPermission('ticket.decisions')).toBe(false);
  });

  it('reads a person or a plain list, ignoring unknown strings', () => {
    const person = { permissions: ['merchant.read', 'something.unknown'] };
    expect(hasPermission(person, 'merchant.read')).toBe(true);
    expect(hasPermission(['merchant.read'], 'merchant.rw.all')).toBe(false);
    expect(hasAllPermissions(person, ['merchant.read', 'merchant.rw.all'])).toBe(false);
    expect(hasAnyPermission(person, ['merchant.read', 'merchant.rw.all'])).toBe(true);
    expect(hasAllPermissions([], [])).toBe(true);
  });
});

describe('navigation', () => {
  const ids = (permissions: string[]) => visibleNavigationItems(permissions).map(({ id }) => id);

  it('always shows Dashboard, Terminals, Settings and Support, in SPEC order', () => {
    expect(ids([])).toEqual(['dashboard', 'terminals', 'settings', 'support']);
    expect(NAVIGATION_ITEMS.map(({ label }) => label)).toEqual([
      'Dashboard',
      'Reports',
      'Merchant',
      'Terminals',
      'Accounts',
      'Monitoring',
      'Settings',
      'Support',
    ]);
  });

  it.each([
    ['merchant.read.report', 'reports'],
    ['merchant.read', 'merchant'],
    ['people.account', 'accounts'],
  ])('%s shows %s', (permission, item) => {
    expect(ids([permission])).toContain(item);
    expect(ids([])).not.toContain(item);
  });

  it('shows Monitoring only with both statistic permissions', () => {
    expect(ids(['terminal.statistic.settings'])).not.toContain('monitoring');
    expect(ids(['data.terminal.statistic'])).not.toContain('monitoring');
    expect(ids(['terminal.statistic.settings', 'data.terminal.statistic'])).toContain('monitoring');
    expect(canMonitorTerminals(['data.terminal.statistic'])).toBe(false);
    expect(canMonitorTerminals(['data.terminal.statistic', 'terminal.statistic.settings'])).toBe(
      true,
    );
  });

  it('routes Dashboard to the invoice list', () => {
    expect(NAVIGATION_ITEMS[0]?.path).toBe('/invoices');
  });
});

describe('report cards', () => {
  it.each([
    ['report.read.invoice', 'Transactions'],
    ['report.read.provider', 'Provider'],
    ['report.read.pool.balance', 'Terminal Pool Balance'],
    ['report.read.balance', 'Balance'],
  ])('%s shows the %s card and only it', (permission, title) => {
    expect(visibleReportCards([permission]).map((card) => card.title)).toEqual([title]);
  });

  it('shows every card to a holder of all four', () => {
    expect(visibleReportCards(ALL_PERMISSIONS)).toHaveLength(REPORT_CARDS.length);
    expect(visibleReportCards([])).toEqual([]);
  });
});

describe('predicates', () => {
  it('merchant loading', () => {
    expect(canLoadAllMerchants(['merchant.rw.all'])).toBe(true);
    expect(canLoadAllMerchants(['merchant.read'])).toBe(false);
    expect(canReadOwnMerchant(['merchant.read'])).toBe(true);
    expect(canReadOwnMerchant([])).toBe(false);
    expect(canSeeFinanceSummary(['merchant.read.finance'])).toBe(true);
    expect(canSeeFinanceSummary([])).toBe(false);
    expect(canToggleAccounts(['people.account.edit'])).toBe(true);
    expect(canToggleAccounts(['people.account'])).toBe(false);
  });

  it.each([
    [['settlement.create'], '12', true],
    [['settlement.create'], 12, true],
    [['settlement.create'], '', false],
    [['settlement.create'], '  ', false],
    [['settlement.create'], null, false],
    [['settlement.create'], undefined, false],
    [[], '12', false],
  ])('settlement with %j and terminal %j → %s', (permissions, terminalId, expected) => {
    expect(canCreateSettlement(permissions, terminalId)).toBe(expected);
  });

  it('terminal access follows each permission', () => {
    expect(terminalAccess([])).toEqual({
      create: false,
      switchToProduction: false,
      readAttributes: false,
    });
    expect(
      terminalAccess(['terminal.create', 'terminal.prod.change', 'terminal.attr.read']),
    ).toEqual({ create: true, switchToProduction: true, readAttributes: true });
  });
});

describe('invoiceDetailAccess', () => {
  const invoice = { isTestProcessing: false, providerInvoiceId: 'P-1' };

  it('shows nothing optional without permissions', () => {
    expect(invoiceDetailAccess([], invoice)).toEqual({
      errors: false,
      transactions: false,
      eventLog: false,
      callbacks: false,
      manualCallback: false,
      changeAmount: false,
      changeStatus: false,
      providerInvoiceId: false,
      credentials: false,
      ticketDecision: false,
    });
  });

  it('shows everything to a holder of every permission', () => {
    expect(Object.values(invoiceDetailAccess(ALL_PERMISSIONS, invoice)).every(Boolean)).toBe(true);
  });

  it('offers the status change on test processing without the permission', () => {
    expect(invoiceDetailAccess([], { ...invoice, isTestProcessing: true }).changeStatus).toBe(true);
  });

  it('shows the provider invoice id only when present and permitted', () => {
    const permitted = ['invoice.provider.read'];
    expect(invoiceDetailAccess(permitted, invoice).providerInvoiceId).toBe(true);
    expect(
      invoiceDetailAccess(permitted, { ...invoice, providerInvoiceId: null }).providerInvoiceId,
    ).toBe(false);
    expect(
      invoiceDetailAccess(permitted, { ...invoice, providerInvoiceId: '' }).providerInvoiceId,
    ).toBe(false);
  });
});

describe('roles', () => {
  it('seeds admin, merchant, support and operator', () => {
    expect(ROLE_NAMES).toEqual(['admin', 'merchant', 'support', 'operator']);
  });

  it('grants only known permissions, admin all of them', () => {
    for (const role of ROLE_NAMES) {
      for (const permission of ROLE_PERMISSIONS[role])
        expect(isKnownPermission(permission)).toBe(true);
    }
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...SPEC_PERMISSIONS].sort());
  });

  it('keeps all-merchant access away from merchant users', () => {
    expect(canLoadAllMerchants(ROLE_PERMISSIONS.merchant)).toBe(false);
    expect(canLoadAllMerchants(ROLE_PERMISSIONS.support)).toBe(true);
  });
});
