import { describe, expect, it } from 'vitest';
import { NAVIGATION_ITEMS, visibleNavigationItems } from './navigation.ts';
import {
  canChangeInvoiceStatus,
  canCreateMerchant,
  canCreateSettlement,
  canDecideTicket,
  canLoadAllMerchants,
  canMonitorTerminals,
  canOfferInvoiceRetry,
  canReadOwnMerchant,
  canSeeFinanceSummary,
  canToggleAccounts,
  type InvoiceDetailAccess,
  invoiceDetailAccess,
  mayRetryInvoice,
} from './permission-predicates.ts';
import {
  ALL_PERMISSIONS,
  hasAllPermissions,
  hasAnyPermission,
  hasPermission,
  isKnownPermission,
  knownPermissions,
  PERMISSION_TABLE,
  type Permission,
  type PermissionHolder,
} from './permission-table.ts';
import { canReadReport, REPORT_CARDS, visibleReportCards } from './report-cards.ts';
import { ROLE_NAMES, ROLE_PERMISSIONS } from './role-permissions.ts';
import {
  canCreateTerminal,
  canReadTerminalAttributes,
  canSwitchTerminalMode,
} from './terminal-permissions.ts';

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

// Permissions the product adds where SPEC §6 is silent (decision 0002), each with its reason.
const PRODUCT_PERMISSIONS = [
  // Issue 19: merchant.rw.all alone let support and operators create merchants and read their
  // signing secrets; creating one is an admin's act.
  'merchant.create',
  // Issue 22 (decision 0019): staff administration, of every merchant or of one's own, and roles.
  'user.manage',
  'user.manage.own',
  'role.manage',
  // Issue 22 item 5: the audit log (one's own merchant's events, or every merchant's).
  'audit.read',
  // Issue 23 item 1 (decision 0021): the Developers screen.
  'merchant.keys',
];

const allBut = (...excluded: Permission[]) => ALL_PERMISSIONS.filter((p) => !excluded.includes(p));

describe('permission table', () => {
  it('holds exactly the permissions of SPEC §6 and the product’s own, each once, with an effect', () => {
    expect([...ALL_PERMISSIONS].sort()).toEqual(
      [...SPEC_PERMISSIONS, ...PRODUCT_PERMISSIONS].sort(),
    );
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    for (const { effect } of PERMISSION_TABLE) expect(effect.trim()).not.toBe('');
  });

  it('lists merchant.create with the words the back office shows', () => {
    expect(PERMISSION_TABLE.find(({ permission }) => permission === 'merchant.create')).toEqual({
      permission: 'merchant.create',
      effect: 'New Merchant: create a merchant and receive its signing secret (shown once)',
    });
  });

  it.each([...SPEC_PERMISSIONS, ...PRODUCT_PERMISSIONS])('knows %s', (permission) => {
    expect(isKnownPermission(permission)).toBe(true);
  });

  it.each(['ticket.decisions', 'TICKET.DECISION', ' merchant.read', '', 'admin', 42, null])(
    'does not know %j',
    (value) => {
      expect(isKnownPermission(value)).toBe(false);
    },
  );
});

describe('permission holders', () => {
  const holders: [string, PermissionHolder][] = [
    ['a plain list', ['merchant.read', 'something.unknown']],
    ['a person', { permissions: ['merchant.read', 'something.unknown'] }],
  ];

  it.each(holders)('reads %s, ignoring unknown strings', (_, holder) => {
    expect(hasPermission(holder, 'merchant.read')).toBe(true);
    expect(hasPermission(holder, 'merchant.rw.all')).toBe(false);
    expect(hasAllPermissions(holder, ['merchant.read', 'merchant.rw.all'])).toBe(false);
    expect(hasAllPermissions(holder, ['merchant.read'])).toBe(true);
    expect(hasAnyPermission(holder, ['merchant.read', 'merchant.rw.all'])).toBe(true);
    expect(hasAnyPermission(holder, ['merchant.rw.all'])).toBe(false);
    expect(knownPermissions(holder)).toEqual(['merchant.read']);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a person without a list', {}],
    ['a person with a null list', { permissions: null }],
    ['an empty list', []],
  ] as [string, PermissionHolder][])('gives %s no permissions', (_, holder) => {
    for (const permission of ALL_PERMISSIONS) expect(hasPermission(holder, permission)).toBe(false);
    expect(knownPermissions(holder)).toEqual([]);
    expect(visibleNavigationItems(holder).map(({ id }) => id)).toEqual([
      'dashboard',
      'terminals',
      'settings',
      'support',
    ]);
  });

  it('matches permission strings exactly', () => {
    expect(hasPermission(['MERCHANT.READ'], 'merchant.read')).toBe(false);
    expect(hasPermission(['merchant.read '], 'merchant.read')).toBe(false);
    expect(hasPermission(['merchant.read.report'], 'merchant.read')).toBe(false);
  });

  it('treats an empty requirement as met and an empty alternative as unmet', () => {
    expect(hasAllPermissions([], [])).toBe(true);
    expect(hasAnyPermission(ALL_PERMISSIONS, [])).toBe(false);
  });

  it('lists known permissions once each, in table order', () => {
    expect(knownPermissions(['ticket.decision', 'merchant.read', 'ticket.decision', 'x'])).toEqual([
      'merchant.read',
      'ticket.decision',
    ]);
  });
});

describe('single-permission predicates', () => {
  const predicates: [string, (holder: PermissionHolder) => boolean, Permission][] = [
    ['canLoadAllMerchants', canLoadAllMerchants, 'merchant.rw.all'],
    ['canCreateMerchant', canCreateMerchant, 'merchant.create'],
    ['canReadOwnMerchant', canReadOwnMerchant, 'merchant.read'],
    ['canSeeFinanceSummary', canSeeFinanceSummary, 'merchant.read.finance'],
    ['canToggleAccounts', canToggleAccounts, 'people.account.edit'],
    ['canCreateTerminal', canCreateTerminal, 'terminal.create'],
    ['canSwitchTerminalMode', canSwitchTerminalMode, 'terminal.prod.change'],
    ['canReadTerminalAttributes', canReadTerminalAttributes, 'terminal.attr.read'],
  ];

  describe.each(predicates)('%s', (_, predicate, permission) => {
    it(`is true with ${permission} alone, in a list or on a person`, () => {
      expect(predicate([permission])).toBe(true);
      expect(predicate({ permissions: ['unknown.thing', permission] })).toBe(true);
    });

    it(`is false with every other permission but ${permission}`, () => {
      expect(predicate(allBut(permission))).toBe(false);
      expect(predicate([])).toBe(false);
      expect(predicate(null)).toBe(false);
    });
  });
});

describe('monitoring needs both statistic permissions', () => {
  it.each([
    [[], false],
    [['terminal.statistic.settings'], false],
    [['data.terminal.statistic'], false],
    [allBut('terminal.statistic.settings'), false],
    [allBut('data.terminal.statistic'), false],
    [['terminal.statistic.settings', 'data.terminal.statistic'], true],
    [['data.terminal.statistic', 'terminal.statistic.settings'], true],
  ] as [Permission[], boolean][])('%j → %s', (permissions, expected) => {
    expect(canMonitorTerminals(permissions)).toBe(expected);
    expect(visibleNavigationItems(permissions).some(({ id }) => id === 'monitoring')).toBe(
      expected,
    );
  });
});

describe('canCreateSettlement needs settlement.create and a terminal id', () => {
  it.each([
    [['settlement.create'], '12', true],
    [['settlement.create'], 12, true],
    [['settlement.create'], 0, true],
    [['settlement.create'], 'a1b2', true],
    [['settlement.create'], '', false],
    [['settlement.create'], '  ', false],
    [['settlement.create'], null, false],
    [['settlement.create'], undefined, false],
    [[], '12', false],
    [allBut('settlement.create'), '12', false],
  ] as [Permission[], string | number | null | undefined, boolean][])(
    '%j with terminal %j → %s',
    (permissions, terminalId, expected) => {
      expect(canCreateSettlement(permissions, terminalId)).toBe(expected);
    },
  );
});

describe('canChangeInvoiceStatus', () => {
  it.each([
    [['invoice.status.change'], false, true],
    [['invoice.status.change'], true, true],
    [[], true, true],
    [[], false, false],
    [allBut('invoice.status.change'), false, false],
  ] as [Permission[], boolean, boolean][])(
    '%j, test processing %s → %s',
    (permissions, isTestProcessing, expected) => {
      expect(canChangeInvoiceStatus(permissions, { isTestProcessing })).toBe(expected);
    },
  );
});

describe('mayRetryInvoice and canOfferInvoiceRetry (SPEC §4, decision 0006)', () => {
  const merchantUser = { permissions: ROLE_PERMISSIONS.merchant, merchantId: 3 };
  const bareMerchantUser = { permissions: [], merchantId: 3 };
  const support = { permissions: ROLE_PERMISSIONS.support, merchantId: null };
  const operator = { permissions: ROLE_PERMISSIONS.operator, merchantId: null };
  const own = { merchantId: 3 };
  const other = { merchantId: 4 };

  it.each([
    ['the merchant user, own invoice', merchantUser, own, true],
    ['a merchant user whose role grants nothing, own invoice', bareMerchantUser, own, true],
    ['the merchant user, another merchant’s invoice', merchantUser, other, false],
    ['support (invoice.status.change)', support, other, true],
    ['an operator (no invoice.status.change, no merchant)', operator, own, false],
    ['nobody', null, own, false],
  ] as const)('%s → %s', (_name, holder, invoice, expected) => {
    expect(mayRetryInvoice(holder ?? {}, invoice)).toBe(expected);
  });

  it.each([
    ['WITHDRAWAL', 'NEW', true],
    ['WITHDRAWAL', 'DECLINED', true],
    ['WITHDRAWAL', 'DONE', false],
    ['WITHDRAWAL', 'CANCELED', false],
    ['DEPOSIT', 'NEW', false],
  ])('offers the merchant user Retry on its own %s %s → %s', (flowType, statusCode, expected) => {
    expect(canOfferInvoiceRetry(merchantUser, { ...own, flowType, statusCode })).toBe(expected);
  });

  it('offers no Retry to an operator, whatever the invoice', () => {
    expect(
      canOfferInvoiceRetry(operator, { ...own, flowType: 'WITHDRAWAL', statusCode: 'NEW' }),
    ).toBe(false);
  });
});

describe('canDecideTicket', () => {
  it.each([
    [['ticket.decision'], 'NEW', true],
    [['ticket.decision'], 'IN_WORK', true],
    [['ticket.decision'], 'PENDING', true],
    [['ticket.decision'], 'SOLVED', false],
    [['ticket.decision'], 'REJECTED', false],
    [[], 'NEW', false],
    [allBut('ticket.decision'), 'PENDING', false],
  ] as [Permission[], string, boolean][])('%j on a %s ticket → %s', (permissions, status, ok) => {
    expect(canDecideTicket(permissions, status)).toBe(ok);
  });
});

describe('navigation', () => {
  const ids = (holder: PermissionHolder) => visibleNavigationItems(holder).map(({ id }) => id);

  it('lists the SPEC §2 items in order, Dashboard leading to the invoice list', () => {
    expect(NAVIGATION_ITEMS.map(({ label, path }) => [label, path])).toEqual([
      ['Dashboard', '/invoices'],
      ['Reports', '/reports'],
      ['Balance movements', '/balance-movements'],
      ['Merchant', '/merchant'],
      ['Terminals', '/terminals'],
      ['Accounts', '/accounts'],
      ['Monitoring', '/monitoring'],
      ['Users', '/users'],
      ['Roles', '/roles'],
      ['Audit log', '/audit'],
      ['Developers', '/developers'],
      ['Settings', '/settings'],
      ['Support', null],
    ]);
    expect(NAVIGATION_ITEMS.filter(({ external }) => external).map(({ id }) => id)).toEqual([
      'support',
    ]);
  });

  it.each([
    [[], ['dashboard', 'terminals', 'settings', 'support']],
    [['merchant.read.report'], ['dashboard', 'reports', 'terminals', 'settings', 'support']],
    [['merchant.read'], ['dashboard', 'merchant', 'terminals', 'settings', 'support']],
    [['people.account'], ['dashboard', 'terminals', 'accounts', 'settings', 'support']],
    [['people.account.edit'], ['dashboard', 'terminals', 'settings', 'support']],
    [['merchant.rw.all'], ['dashboard', 'terminals', 'settings', 'support']],
    [
      ['terminal.statistic.settings', 'data.terminal.statistic'],
      ['dashboard', 'terminals', 'monitoring', 'settings', 'support'],
    ],
    [
      ALL_PERMISSIONS,
      [
        'dashboard',
        'reports',
        'balanceMovements',
        'merchant',
        'terminals',
        'accounts',
        'monitoring',
        'users',
        'roles',
        'audit',
        'developers',
        'settings',
        'support',
      ],
    ],
    [['merchant.keys'], ['dashboard', 'terminals', 'developers', 'settings', 'support']],
    [
      ['report.read.balance'],
      ['dashboard', 'balanceMovements', 'terminals', 'settings', 'support'],
    ],
  ] as [Permission[], string[]][])('%j sees %j', (permissions, expected) => {
    expect(ids(permissions)).toEqual(expected);
  });

  it.each([
    ['merchant.read.report', 'reports'],
    ['merchant.read', 'merchant'],
    ['people.account', 'accounts'],
    ['report.read.balance', 'balanceMovements'],
  ] as [Permission, string][])('hides %s-gated %s from everyone else', (permission, item) => {
    expect(ids(allBut(permission))).not.toContain(item);
  });

  describe('Users and Roles (issue 22, decision 0019)', () => {
    it.each([
      [['user.manage'], ['dashboard', 'terminals', 'users', 'settings', 'support']],
      [['user.manage.own'], ['dashboard', 'terminals', 'users', 'settings', 'support']],
      [
        ['user.manage', 'user.manage.own'],
        ['dashboard', 'terminals', 'users', 'settings', 'support'],
      ],
      [['role.manage'], ['dashboard', 'terminals', 'roles', 'settings', 'support']],
      [
        ['user.manage.own', 'role.manage'],
        ['dashboard', 'terminals', 'users', 'roles', 'settings', 'support'],
      ],
    ] as [Permission[], string[]][])('%j sees %j', (permissions, expected) => {
      expect(ids(permissions)).toEqual(expected);
    });

    it('opens Users with either user permission and with neither hides it', () => {
      const users = NAVIGATION_ITEMS.find(({ id }) => id === 'users');
      expect(users).toMatchObject({ label: 'Users', path: '/users', requires: [] });
      expect([...(users?.requiresAnyOf ?? [])].sort()).toEqual(['user.manage', 'user.manage.own']);
      expect(ids(allBut('user.manage'))).toContain('users');
      expect(ids(allBut('user.manage.own'))).toContain('users');
      expect(ids(allBut('user.manage', 'user.manage.own'))).not.toContain('users');
    });

    it('opens Roles with role.manage only: neither user permission nor everything else does', () => {
      expect(ids(allBut('role.manage'))).not.toContain('roles');
      expect(ids(['user.manage', 'user.manage.own'])).not.toContain('roles');
      expect(ids({ permissions: ['role.manage'] })).toContain('roles');
    });

    it.each([
      ['admin', true, true],
      ['merchant', true, false],
      ['support', false, false],
      ['operator', false, false],
    ] as const)('shows the %s role Users %s and Roles %s', (role, users, roles) => {
      const visible = ids(ROLE_PERMISSIONS[role]);
      expect(visible.includes('users')).toBe(users);
      expect(visible.includes('roles')).toBe(roles);
    });
  });
});

describe('report cards', () => {
  it('are the SPEC §2 cards in order, then the balance statement', () => {
    expect(REPORT_CARDS.map(({ title, requires }) => [title, requires])).toEqual([
      ['Transactions', 'report.read.invoice'],
      ['Provider', 'report.read.provider'],
      ['Terminal Pool Balance', 'report.read.pool.balance'],
      ['Balance', 'report.read.balance'],
      ['Balance statement', 'report.read.balance'],
    ]);
  });

  it.each([
    ['report.read.invoice', ['transactions'], ['Transactions']],
    ['report.read.provider', ['provider'], ['Provider']],
    ['report.read.pool.balance', ['poolBalance'], ['Terminal Pool Balance']],
    // The statement is the detail behind Balance: one permission shows both.
    ['report.read.balance', ['balance', 'statement'], ['Balance', 'Balance statement']],
  ] as const)('%s shows the %s cards and only them', (permission, ids, titles) => {
    const shown: readonly string[] = ids;
    expect(visibleReportCards([permission]).map((card) => card.title)).toEqual(titles);
    const withoutIt = visibleReportCards(allBut(permission)).map((card) => card.id);
    for (const id of ids) expect(withoutIt).not.toContain(id);
    for (const card of REPORT_CARDS)
      expect(canReadReport([permission], card.id)).toBe(shown.includes(card.id));
  });

  it('shows every card to a holder of all four, and none without', () => {
    expect(visibleReportCards(ALL_PERMISSIONS)).toEqual(REPORT_CARDS);
    expect(visibleReportCards([])).toEqual([]);
  });
});

describe('invoiceDetailAccess', () => {
  const invoice = { isTestProcessing: false, providerInvoiceId: 'P-1' };
  const none: InvoiceDetailAccess = {
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
  };

  it('shows nothing optional without permissions', () => {
    expect(invoiceDetailAccess([], invoice)).toEqual(none);
  });

  it.each([
    ['invoice.error.read', 'errors'],
    ['invoice.transaction.read', 'transactions'],
    ['invoice.event.read', 'eventLog'],
    ['merchant.callback.read', 'callbacks'],
    ['merchant.callback.edit', 'manualCallback'],
    ['invoice.amount.change', 'changeAmount'],
    ['invoice.status.change', 'changeStatus'],
    ['invoice.provider.read', 'providerInvoiceId'],
    ['invoice.credentials.read', 'credentials'],
    ['ticket.decision', 'ticketDecision'],
  ] as [Permission, keyof InvoiceDetailAccess][])('%s opens %s and nothing else', (p, field) => {
    expect(invoiceDetailAccess([p], invoice)).toEqual({ ...none, [field]: true });
    expect(invoiceDetailAccess(allBut(p), invoice)[field]).toBe(false);
  });

  it('shows everything to a holder of every permission', () => {
    expect(Object.values(invoiceDetailAccess(ALL_PERMISSIONS, invoice)).every(Boolean)).toBe(true);
  });

  it('offers the status change on test processing without the permission', () => {
    expect(invoiceDetailAccess([], { ...invoice, isTestProcessing: true })).toEqual({
      ...none,
      changeStatus: true,
    });
  });

  it.each([
    ['P-1', true],
    [123, true],
    [null, false],
    [undefined, false],
    ['', false],
    ['  ', false],
  ])('shows the provider invoice id %j when permitted → %s', (providerInvoiceId, expected) => {
    const access = invoiceDetailAccess(['invoice.provider.read'], {
      ...invoice,
      providerInvoiceId,
    });
    expect(access.providerInvoiceId).toBe(expected);
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
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual(
      [...SPEC_PERMISSIONS, ...PRODUCT_PERMISSIONS].sort(),
    );
  });

  it('gives merchant.create to admins only, not to merchant.rw.all holders', () => {
    const holders = ROLE_NAMES.filter((role) =>
      (ROLE_PERMISSIONS[role] as readonly Permission[]).includes('merchant.create'),
    );
    expect(holders).toEqual(['admin']);
    for (const role of ROLE_NAMES)
      expect(canCreateMerchant(ROLE_PERMISSIONS[role])).toBe(role === 'admin');
    // Support and operators still load every merchant; that no longer lets them create one.
    expect(canLoadAllMerchants(ROLE_PERMISSIONS.support)).toBe(true);
    expect(canLoadAllMerchants(ROLE_PERMISSIONS.operator)).toBe(true);
    expect(canCreateMerchant(['merchant.rw.all', 'merchant.read'])).toBe(false);
  });

  it('keeps all-merchant access away from merchant users', () => {
    expect(canLoadAllMerchants(ROLE_PERMISSIONS.merchant)).toBe(false);
    expect(canLoadAllMerchants(ROLE_PERMISSIONS.support)).toBe(true);
  });
});
