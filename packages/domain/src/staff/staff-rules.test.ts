import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../permissions/permission-table.ts';
import { ROLE_NAMES, ROLE_PERMISSIONS } from '../permissions/role-permissions.ts';
import {
  effectivePermissions,
  mayManageUser,
  mayReachMerchant,
  PLATFORM_ONLY_PERMISSIONS,
  permissionsBeyond,
  platformOnlyAmong,
  type StaffMember,
  USERNAME_MESSAGE,
  USERNAME_PATTERN,
  userManagementReach,
} from './staff-rules.ts';

const platformAdmin: StaffMember = { permissions: ROLE_PERMISSIONS.admin, merchantId: null };
const merchantAdmin: StaffMember = { permissions: ROLE_PERMISSIONS.merchant, merchantId: 3 };
const otherMerchantAdmin: StaffMember = { permissions: ROLE_PERMISSIONS.merchant, merchantId: 4 };
const support: StaffMember = { permissions: ROLE_PERMISSIONS.support, merchantId: null };

describe('userManagementReach', () => {
  it.each([
    ['user.manage, platform staff', ['user.manage'], null, 'all'],
    ['user.manage, bound to a merchant', ['user.manage'], 3, 'all'],
    ['both, bound to a merchant', ['user.manage.own', 'user.manage'], 3, 'all'],
    ['user.manage.own, bound to a merchant', ['user.manage.own'], 3, 'own-merchant'],
    ['user.manage.own, merchant 0 is still a merchant', ['user.manage.own'], 0, 'own-merchant'],
    ['user.manage.own without a merchant', ['user.manage.own'], null, null],
    ['user.manage.own, merchant unknown', ['user.manage.own'], undefined, null],
    ['neither, platform staff', ['merchant.rw.all', 'role.manage'], null, null],
    ['neither, bound to a merchant', ['merchant.read'], 3, null],
    ['no permissions at all', [], 3, null],
  ] as [string, string[], number | null | undefined, string | null][])(
    '%s → %s',
    (_, permissions, merchantId, expected) => {
      expect(userManagementReach({ permissions, merchantId })).toBe(expected);
    },
  );

  it('gives nothing to a person not loaded yet', () => {
    expect(userManagementReach({})).toBeNull();
    expect(userManagementReach({ merchantId: 3 })).toBeNull();
    expect(userManagementReach({ permissions: null, merchantId: 3 })).toBeNull();
  });

  it('reads the permission strings exactly', () => {
    expect(userManagementReach({ permissions: ['USER.MANAGE'], merchantId: null })).toBeNull();
    expect(userManagementReach({ permissions: ['user.manage '], merchantId: null })).toBeNull();
    expect(userManagementReach({ permissions: ['user.manage.own'], merchantId: null })).toBeNull();
  });

  it.each([
    ['admin', 'all'],
    ['merchant', 'own-merchant'],
    ['support', null],
    ['operator', null],
  ] as const)('gives the built-in %s role (with its merchant when any) %s', (role, expected) => {
    const merchantId = role === 'merchant' ? 7 : null;
    expect(userManagementReach({ permissions: ROLE_PERMISSIONS[role], merchantId })).toBe(expected);
  });
});

describe('mayReachMerchant', () => {
  it.each([
    ['a platform admin, platform staff', platformAdmin, null, true],
    ['a platform admin, any merchant', platformAdmin, 4, true],
    ['a merchant admin, own merchant', merchantAdmin, 3, true],
    ['a merchant admin, another merchant', merchantAdmin, 4, false],
    ['a merchant admin, platform staff', merchantAdmin, null, false],
    ['support (no user permission), platform staff', support, null, false],
    ['support (no user permission), a merchant', support, 3, false],
  ] as [string, StaffMember, number | null, boolean][])('%s → %s', (_, actor, merchant, ok) => {
    expect(mayReachMerchant(actor, merchant)).toBe(ok);
  });

  it('does not let user.manage.own without a merchant reach platform staff (null equals null)', () => {
    expect(mayReachMerchant({ permissions: ['user.manage.own'], merchantId: null }, null)).toBe(
      false,
    );
  });
});

describe('permissionsBeyond', () => {
  it('lists what the actor lacks, each once, in the order asked', () => {
    expect(
      permissionsBeyond({ permissions: ['merchant.read'] }, [
        'ticket.decision',
        'merchant.read',
        'role.manage',
        'ticket.decision',
      ]),
    ).toEqual(['ticket.decision', 'role.manage']);
  });

  it('is empty for nothing asked, and for what the actor holds', () => {
    expect(permissionsBeyond({ permissions: [] }, [])).toEqual([]);
    expect(permissionsBeyond(merchantAdmin, ROLE_PERMISSIONS.merchant)).toEqual([]);
    expect(permissionsBeyond(platformAdmin, ALL_PERMISSIONS)).toEqual([]);
  });

  it('does not count an unknown string as held or lacking differently from any other', () => {
    expect(permissionsBeyond({ permissions: ['x.y'] }, ['x.y', 'x.z'])).toEqual(['x.z']);
  });

  it('never lets a role holder grant more than they hold (property)', () => {
    const permission = fc.constantFrom(...ALL_PERMISSIONS);
    fc.assert(
      fc.property(fc.array(permission), fc.array(permission), (held, requested) => {
        const beyond = permissionsBeyond({ permissions: held }, requested);
        for (const lacking of beyond) {
          expect(held).not.toContain(lacking);
          expect(requested).toContain(lacking);
        }
        for (const asked of requested)
          expect(held.includes(asked) || beyond.includes(asked)).toBe(true);
        expect(new Set(beyond).size).toBe(beyond.length);
      }),
    );
  });
});

describe('platform-only permissions', () => {
  it('are the permissions that reach beyond one merchant', () => {
    expect([...PLATFORM_ONLY_PERMISSIONS].sort()).toEqual(
      [
        'merchant.rw.all',
        'merchant.create',
        'people.account',
        'people.account.edit',
        'report.read.provider',
        'report.read.pool.balance',
        'user.manage',
        'role.manage',
      ].sort(),
    );
    for (const permission of PLATFORM_ONLY_PERMISSIONS)
      expect(ALL_PERMISSIONS).toContain(permission);
  });

  it('leave a merchant its own staff administration (user.manage.own is not one)', () => {
    expect(PLATFORM_ONLY_PERMISSIONS as readonly string[]).not.toContain('user.manage.own');
  });

  it('are held by no built-in role a merchant user is given', () => {
    expect(platformOnlyAmong(ROLE_PERMISSIONS.merchant)).toEqual([]);
  });

  it('are found among a platform role, in table order, each once', () => {
    expect(platformOnlyAmong(ROLE_PERMISSIONS.support)).toEqual(['merchant.rw.all']);
    expect(
      platformOnlyAmong(['role.manage', 'merchant.read', 'merchant.rw.all', 'role.manage']),
    ).toEqual(['merchant.rw.all', 'role.manage']);
    expect(platformOnlyAmong(ROLE_PERMISSIONS.admin)).toEqual([...PLATFORM_ONLY_PERMISSIONS]);
    expect(platformOnlyAmong([])).toEqual([]);
  });

  it('put every platform role out of a merchant user’s reach', () => {
    for (const role of ROLE_NAMES) {
      expect(platformOnlyAmong(ROLE_PERMISSIONS[role]).length > 0).toBe(role !== 'merchant');
    }
  });
});

describe('mayManageUser', () => {
  const clerk: StaffMember = { permissions: ['merchant.read'], merchantId: 3 };
  const powerClerk: StaffMember = {
    permissions: [...ROLE_PERMISSIONS.merchant, 'invoice.amount.change'],
    merchantId: 3,
  };

  it.each([
    ['a platform admin, a merchant user', platformAdmin, merchantAdmin, true],
    ['a platform admin, another platform admin', platformAdmin, platformAdmin, true],
    ['a merchant admin, a lesser user of its merchant', merchantAdmin, clerk, true],
    ['a merchant admin, an equal of its merchant', merchantAdmin, { ...merchantAdmin }, true],
    ['a merchant admin, a user holding more', merchantAdmin, powerClerk, false],
    [
      'a merchant admin, a lesser user of another merchant',
      merchantAdmin,
      { ...clerk, merchantId: 4 },
      false,
    ],
    ['a merchant admin, the other merchant’s admin', merchantAdmin, otherMerchantAdmin, false],
    ['a merchant admin, a platform admin', merchantAdmin, platformAdmin, false],
    [
      'a merchant admin, platform staff holding less',
      merchantAdmin,
      { ...clerk, merchantId: null },
      false,
    ],
    ['support, anyone', support, clerk, false],
  ] as [string, StaffMember, StaffMember, boolean][])('%s → %s', (_, actor, target, ok) => {
    expect(mayManageUser(actor, target)).toBe(ok);
  });

  it('keeps an actor with user.manage but less than everything off a more powerful user', () => {
    const userAdmin: StaffMember = {
      permissions: ['user.manage', 'merchant.read'],
      merchantId: null,
    };
    expect(mayManageUser(userAdmin, clerk)).toBe(true);
    expect(mayManageUser(userAdmin, support)).toBe(false);
    expect(mayManageUser(userAdmin, platformAdmin)).toBe(false);
  });
});

describe('USERNAME_PATTERN', () => {
  it.each(['abc', 'anna.smith', 'anna-smith', 'anna_smith', 'Anna.Smith2', '0.9', 'a'.repeat(64)])(
    'accepts %j',
    (username) => {
      expect(USERNAME_PATTERN.test(username)).toBe(true);
    },
  );

  it.each([
    '',
    'ab',
    'a'.repeat(65),
    'anna smith',
    ' anna',
    'anna ',
    'anna@shop',
    'anna/smith',
    'ánna',
    'анна',
    'anna\n',
    'anna\nsmith',
  ])('refuses %j', (username) => {
    expect(USERNAME_PATTERN.test(username)).toBe(false);
  });

  it('says the rule in words', () => {
    expect(USERNAME_MESSAGE).toContain('3 to 64');
  });
});

describe('effectivePermissions', () => {
  it('keeps everything a platform person holds, once', () => {
    expect(
      effectivePermissions(null, ['merchant.rw.all', 'user.manage', 'merchant.rw.all']),
    ).toEqual(['merchant.rw.all', 'user.manage']);
  });

  it('drops every platform-only permission from a merchant’s user, whatever their roles say', () => {
    const held = ['invoice.read', ...PLATFORM_ONLY_PERMISSIONS, 'user.manage.own'];
    expect(effectivePermissions(7, held)).toEqual(['invoice.read', 'user.manage.own']);
  });
});
