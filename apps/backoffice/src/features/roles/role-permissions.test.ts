import { PERMISSION_TABLE } from '@paygate/domain';
import { describe, expect, it } from 'vitest';
import {
  groupPermissions,
  PERMISSION_CHECKLIST,
  permissionEffect,
  permissionGroupOf,
} from './role-permissions.ts';

describe('the role checklist', () => {
  it('lists every permission of the table once, with its words', () => {
    const listed = PERMISSION_CHECKLIST.flatMap((group) => group.entries);
    expect(listed.map(({ permission }) => permission).sort()).toEqual(
      PERMISSION_TABLE.map(({ permission }) => permission).sort(),
    );
    for (const { permission, effect } of PERMISSION_TABLE) {
      expect(listed.find((entry) => entry.permission === permission)?.effect).toBe(effect);
    }
  });

  it('groups the permissions by what they are about', () => {
    const expected: Record<string, string[]> = {
      Merchants: ['merchant.rw.all', 'merchant.create', 'merchant.read'],
      'Invoices and callbacks': [
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
      ],
      Finance: ['merchant.read.finance', 'settlement.create'],
      Reports: [
        'merchant.read.report',
        'report.read.balance',
        'report.read.invoice',
        'report.read.provider',
        'report.read.pool.balance',
      ],
      'Terminals and monitoring': [
        'terminal.statistic.settings',
        'data.terminal.statistic',
        'terminal.create',
        'terminal.prod.change',
        'terminal.attr.read',
      ],
      'Provider accounts': ['people.account', 'people.account.edit'],
      'Users and roles': ['user.manage', 'user.manage.own', 'role.manage'],
      Audit: ['audit.read'],
      Developers: ['merchant.keys'],
    };
    for (const [title, permissions] of Object.entries(expected)) {
      for (const permission of permissions) expect(permissionGroupOf(permission)).toBe(title);
    }
    // The groups in this order, each keeping the table's order; none falls to Other.
    const titles = PERMISSION_CHECKLIST.map((group) => group.title);
    expect(titles).toEqual(Object.keys(expected).filter((title) => titles.includes(title)));
    expect(titles).not.toContain('Other');
    const merchants = PERMISSION_CHECKLIST.find((group) => group.title === 'Merchants');
    expect(merchants?.entries.map(({ permission }) => permission)).toEqual(expected.Merchants);
  });

  it('puts a permission no group names under Other, and says it grants nothing', () => {
    expect(permissionGroupOf('wallet.read')).toBe('Other');
    expect(permissionEffect('wallet.read')).toBe('Unknown permission: grants nothing');
    expect(groupPermissions(['wallet.read', 'role.manage']).map((group) => group.title)).toEqual([
      'Users and roles',
      'Other',
    ]);
  });
});
