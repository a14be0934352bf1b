import type { StaffRole } from '@paygate/api';
import { ALL_PERMISSIONS, PERMISSION_TABLE } from '@paygate/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi, problem } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { personWith } from '../../testing/test-people.ts';
import { RolesPage } from './roles-page.tsx';

const ROLES = 'GET /api/v1/roles';
const CREATE = 'POST /api/v1/roles';

/** A role manager who holds some permissions only: the others cannot be granted. */
const MANAGER = [
  'role.manage',
  'merchant.read',
  'merchant.read.report',
  'merchant.read.finance',
  'report.read.balance',
  'invoice.error.read',
];

const role = (overrides: Partial<StaffRole> & Pick<StaffRole, 'id' | 'name'>): StaffRole => ({
  description: '',
  permissions: ['merchant.read'],
  builtIn: false,
  requiresTwoFactor: false,
  holders: 0,
  assignable: true,
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const ADMIN = role({
  id: 1,
  name: 'admin',
  description: 'Platform administrators',
  permissions: [...ALL_PERMISSIONS],
  builtIn: true,
  requiresTwoFactor: true,
  holders: 2,
  assignable: false,
});
const MERCHANT = role({
  id: 2,
  name: 'merchant',
  description: "A merchant's own staff",
  permissions: ['merchant.read', 'merchant.read.report', 'report.read.balance'],
  builtIn: true,
  holders: 1,
});
const FINANCE_VIEWER = role({
  id: 5,
  name: 'Finance viewer',
  description: 'Reads balances and the finance summary',
  permissions: ['merchant.read', 'merchant.read.finance', 'report.read.balance'],
  holders: 0,
});
const PAYOUT_DESK = role({
  id: 6,
  name: 'Payout desk',
  description: 'Changes invoice statuses',
  permissions: ['merchant.read', 'invoice.status.change'],
  holders: 3,
  assignable: false,
});

const ALL_ROLES = [ADMIN, MERCHANT, FINANCE_VIEWER, PAYOUT_DESK];

const renderRoles = (permissions: string[] = MANAGER, routes: Record<string, FakeAnswer> = {}) => {
  const api = fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith(permissions) } },
    [ROLES]: { body: { data: ALL_ROLES } },
    ...routes,
  });
  const view = renderScreen('/roles', { path: '/roles', element: <RolesPage /> });
  return { api, ...view };
};

const rowOf = async (name: string) => {
  const table = await screen.findByRole('table', { name: 'Roles' });
  const header = within(table).getByRole('rowheader', { name: new RegExp(`^${name}`) });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

const rolesCalls = (api: { calls: string[] }) => api.calls.filter((call) => call === ROLES);

const TWO_FACTOR = 'Require two-factor sign-in';
const TWO_FACTOR_HINT =
  'Users with this role must sign in with a code from an authenticator app; those without one are signed out and set it up at their next sign-in.';

/** The permission boxes of the role dialog (the two-factor box is not one of them). */
const permissionBoxes = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('group', { name: 'Permissions' })).getAllByRole('checkbox');

const openEdit = async (name: string) => {
  await userEvent.click(within(await rowOf(name)).getByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: `Edit role ${name}` });
};

const openNewRole = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'New role' }));
  return screen.findByRole('dialog', { name: 'New role' });
};

afterEach(() => vi.unstubAllGlobals());

describe('roles list', () => {
  it('lists the roles with built-in and 2FA required marked, users and permission counts', async () => {
    renderRoles();
    expect(await screen.findByRole('heading', { name: 'Roles', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Description', 'Users', 'Permissions', 'Actions']);

    const admin = await rowOf('admin');
    expect(within(admin).getByRole('rowheader').textContent).toBe('adminBuilt-in2FA required');
    expect(
      within(admin)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Platform administrators',
      '2 users',
      `${PERMISSION_TABLE.length} permissions`,
      'View',
    ]);
    expect(within(await rowOf('merchant')).getByText('Built-in')).toBeInTheDocument();
    expect(within(await rowOf('merchant')).getByText('1 user')).toBeInTheDocument();
    expect(within(await rowOf('merchant')).getByRole('rowheader').textContent).toBe(
      'merchantBuilt-in',
    );

    const viewer = await rowOf('Finance viewer');
    expect(within(viewer).getByRole('rowheader').textContent).toBe('Finance viewer');
    expect(
      within(viewer)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Reads balances and the finance summary', '0 users', '3 permissions', 'EditDelete']);
  });

  it('offers only View for built-in roles, and Edit and Delete for custom roles', async () => {
    renderRoles();
    for (const name of ['admin', 'merchant']) {
      const row = await rowOf(name);
      expect(within(row).getByRole('button', { name: `View ${name}` })).toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: /^(Edit|Delete)/ })).toBeNull();
    }
    const viewer = await rowOf('Finance viewer');
    expect(within(viewer).getByRole('button', { name: 'Edit Finance viewer' })).toBeInTheDocument();
    expect(
      within(viewer).getByRole('button', { name: 'Delete Finance viewer' }),
    ).toBeInTheDocument();
  });

  it('says what is missing and asks nothing without role.manage', async () => {
    const { api } = renderRoles(['merchant.read']);
    expect(await screen.findByText('Roles need the role.manage permission.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New role' })).not.toBeInTheDocument();
    expect(rolesCalls(api)).toEqual([]);
  });

  it('shows a spinner while the roles load', async () => {
    renderRoles(MANAGER, { [ROLES]: () => new Promise<never>(() => {}) });
    expect(await screen.findByRole('status', { name: 'Loading roles' })).toBeInTheDocument();
  });

  it('says when the roles cannot be loaded and tries again', async () => {
    const { api } = renderRoles(MANAGER, {
      [ROLES]: { status: 500, body: { detail: 'Database unavailable' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the roles: Database unavailable',
    );
    api.set(ROLES, { body: { data: ALL_ROLES } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Finance viewer')).toBeInTheDocument();
  });
});

describe('a built-in role', () => {
  it('opens read-only with its permissions in words', async () => {
    renderRoles();
    await userEvent.click(within(await rowOf('admin')).getByRole('button', { name: 'View admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role admin' });
    expect(within(dialog).getByText('Built-in roles cannot be changed or deleted.')).toBeVisible();
    expect(within(dialog).getByText('2FA required')).toBeInTheDocument();
    expect(within(dialog).getByText(TWO_FACTOR_HINT)).toBeInTheDocument();
    expect(within(dialog).queryByText('Two-factor sign-in is not required.')).toBeNull();
    for (const { permission, effect } of PERMISSION_TABLE) {
      const term = within(dialog).getByText(permission).closest('div');
      if (!term) throw new Error(`no entry for ${permission}`);
      expect(term).toHaveTextContent(effect);
    }
    const staff = within(dialog).getByRole('region', { name: 'Users and roles' });
    expect(within(staff).getByText('role.manage')).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^(Save|Delete)/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lists only what the role grants', async () => {
    renderRoles();
    await userEvent.click(
      within(await rowOf('merchant')).getByRole('button', { name: 'View merchant' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Role merchant' });
    expect(within(dialog).getByText('report.read.balance')).toBeInTheDocument();
    expect(within(dialog).getByText('Balance report card')).toBeInTheDocument();
    expect(within(dialog).queryByText('merchant.create')).toBeNull();
    expect(within(dialog).getByText('Two-factor sign-in is not required.')).toBeInTheDocument();
    expect(within(dialog).queryByText('2FA required')).toBeNull();
  });

  it('opens a custom role with permissions the person lacks read-only too, and says why', async () => {
    renderRoles();
    const desk = await rowOf('Payout desk');
    expect(within(desk).queryByRole('button', { name: /^(Edit|Delete)/ })).toBeNull();
    await userEvent.click(within(desk).getByRole('button', { name: 'View Payout desk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role Payout desk' });
    expect(
      within(dialog).getByText(
        'You cannot change or delete this role: it has permissions you do not hold.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('invoice.status.change')).toBeInTheDocument();
  });
});

describe('new role', () => {
  it('offers every permission, grouped, described in words; those not held are disabled', async () => {
    renderRoles();
    const dialog = await openNewRole();
    expect(
      within(dialog).getByText("A change applies to the role's users at their next request.", {
        exact: false,
      }),
    ).toBeInTheDocument();
    const boxes = permissionBoxes(dialog);
    expect(boxes.map((box) => box.getAttribute('value')).sort()).toEqual(
      [...ALL_PERMISSIONS].sort(),
    );
    for (const { permission, effect } of PERMISSION_TABLE) {
      const box = within(dialog).getByRole('checkbox', { name: permission });
      expect(box).not.toBeChecked();
      if (MANAGER.includes(permission)) {
        expect(box).toBeEnabled();
        expect(box).toHaveAccessibleDescription(effect);
      } else {
        expect(box).toBeDisabled();
        expect(box).toHaveAccessibleDescription(`${effect} You do not hold this permission`);
      }
    }
    const finance = within(dialog).getByRole('group', { name: 'Finance' });
    expect(
      within(finance)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['merchant.read.finance', 'settlement.create']);
    expect(within(dialog).getByRole('group', { name: 'Users and roles' })).toBeInTheDocument();
  });

  it('offers to require two-factor sign-in, off at first, and says what it means', async () => {
    renderRoles();
    const dialog = await openNewRole();
    const box = within(dialog).getByRole('checkbox', { name: TWO_FACTOR });
    expect(box).not.toBeChecked();
    expect(box).toBeEnabled();
    expect(box).toHaveAccessibleDescription(TWO_FACTOR_HINT);
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(ALL_PERMISSIONS.length + 1);
  });

  it('requires a name and a permission and sends nothing', async () => {
    const { api } = renderRoles();
    const dialog = await openNewRole();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('The role name must be 3 to 64 characters long'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one permission')).toBeInTheDocument();
    expect(api.calls).not.toContain(CREATE);
  });

  it('creates the role with the chosen permissions in table order', async () => {
    const { api } = renderRoles(MANAGER, {
      [CREATE]: () => {
        api.set(ROLES, {
          body: { data: [...ALL_ROLES, role({ id: 9, name: 'Finance auditor' })] },
        });
        return { status: 201, body: { data: role({ id: 9, name: 'Finance auditor' }) } };
      },
    });
    const dialog = await openNewRole();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), '  Finance   auditor ');
    await userEvent.type(within(dialog).getByLabelText(/^Description/), 'Reads the balance');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'report.read.balance' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'merchant.read' }));
    // A disabled permission cannot be chosen.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'merchant.create' }));
    expect(within(dialog).getByRole('checkbox', { name: 'merchant.create' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: TWO_FACTOR }));
    expect(within(dialog).getByRole('checkbox', { name: TWO_FACTOR })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Role created')).toBeInTheDocument();
    expect(await api.bodiesOf(CREATE)).toEqual([
      {
        name: 'Finance auditor',
        description: 'Reads the balance',
        permissions: ['merchant.read', 'report.read.balance'],
        requiresTwoFactor: true,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await rowOf('Finance auditor')).toBeInTheDocument();
    expect(rolesCalls(api)).toHaveLength(2);
  });

  it('takes a description of 300 emoji: the field cuts nothing the rule allows', async () => {
    const { api } = renderRoles(MANAGER, {
      [CREATE]: { status: 201, body: { data: role({ id: 9, name: 'Emoji desk' }) } },
    });
    const dialog = await openNewRole();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Emoji desk');
    const description = within(dialog).getByLabelText(/^Description/);
    await userEvent.click(description);
    // Each emoji is two UTF-16 units, what an input's maxlength counts.
    await userEvent.paste('😀'.repeat(300));
    expect(description).toHaveValue('😀'.repeat(300));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'merchant.read' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await api.bodiesOf(CREATE)).toEqual([
      {
        name: 'Emoji desk',
        description: '😀'.repeat(300),
        permissions: ['merchant.read'],
        requiresTwoFactor: false,
      },
    ]);
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const { api } = renderRoles(MANAGER, {
      [CREATE]: { status: 409, body: { detail: 'A role named "Finance viewer" already exists' } },
    });
    const dialog = await openNewRole();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Finance viewer');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'merchant.read' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A role named "Finance viewer" already exists',
    );
    expect(screen.queryByText('Role created')).not.toBeInTheDocument();
    expect(await api.bodiesOf(CREATE)).toEqual([
      {
        name: 'Finance viewer',
        description: '',
        permissions: ['merchant.read'],
        requiresTwoFactor: false,
      },
    ]);
  });
  it('says a name already taken under the name field and keeps the form', async () => {
    const taken = 'A role named "Finance viewer" already exists';
    const { api } = renderRoles(MANAGER, {
      [CREATE]: { status: 409, body: problem(409, taken, 'role_name_taken') },
    });
    const dialog = await openNewRole();
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.type(name, 'Finance viewer');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'merchant.read' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(name).toHaveAccessibleDescription(taken));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('Finance viewer');
    expect(within(dialog).getByRole('checkbox', { name: 'merchant.read' })).toBeChecked();
    // Said once, where it concerns: not again as the dialog's own refusal.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Role created')).not.toBeInTheDocument();
    expect(await api.bodiesOf(CREATE)).toHaveLength(1);

    // Another name: the server's word goes once the field is changed.
    await userEvent.type(name, ' 2');
    expect(name).not.toHaveAccessibleDescription(taken);
  });

  it('says any other conflict for the whole form, not under the name', async () => {
    const other = 'Someone else’s refusal of this role';
    renderRoles(MANAGER, {
      [CREATE]: { status: 409, body: problem(409, other, 'conflict') },
    });
    const dialog = await openNewRole();
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.type(name, 'Finance viewer');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'merchant.read' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(other);
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    expect(name).not.toHaveAccessibleDescription(expect.stringContaining(other));
  });

  it('closes on a click beside it only while nothing is typed; Escape closes it anyway', async () => {
    renderRoles();
    const clickBeside = (dialog: HTMLElement) =>
      userEvent.click(dialog.parentElement as HTMLElement);

    await clickBeside(await openNewRole());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    let dialog = await openNewRole();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Desk');
    await clickBeside(dialog);
    expect(screen.getByRole('dialog', { name: 'New role' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Desk');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A ticked permission is a change too.
    dialog = await openNewRole();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'merchant.read' }));
    await clickBeside(dialog);
    expect(screen.getByRole('dialog', { name: 'New role' })).toBeInTheDocument();
  });
});

describe('edit role', () => {
  it("opens with the role's values and sends the changed role", async () => {
    const { api } = renderRoles(MANAGER, {
      'PUT /api/v1/roles/5': {
        body: { data: { ...FINANCE_VIEWER, name: 'Finance reader' } },
      },
    });
    await userEvent.click(
      within(await rowOf('Finance viewer')).getByRole('button', { name: 'Edit Finance viewer' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit role Finance viewer' });
    expect(
      within(dialog).getByText("A change applies to the role's users at their next request.", {
        exact: false,
      }),
    ).toBeInTheDocument();
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name).toHaveValue('Finance viewer');
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue(
      'Reads balances and the finance summary',
    );
    expect(within(dialog).getByRole('checkbox', { name: TWO_FACTOR })).not.toBeChecked();
    const checked = permissionBoxes(dialog)
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.getAttribute('value'));
    expect(checked).toEqual(['merchant.read', 'merchant.read.finance', 'report.read.balance']);

    await userEvent.clear(name);
    await userEvent.type(name, 'Finance reader');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'merchant.read.finance' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'invoice.error.read' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: TWO_FACTOR }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Role saved')).toBeInTheDocument();
    expect(await api.bodiesOf('PUT /api/v1/roles/5')).toEqual([
      {
        name: 'Finance reader',
        description: 'Reads balances and the finance summary',
        permissions: ['merchant.read', 'report.read.balance', 'invoice.error.read'],
        requiresTwoFactor: true,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens a role that requires two-factor sign-in ticked, and unticking it turns it off', async () => {
    const strict = { ...FINANCE_VIEWER, requiresTwoFactor: true };
    const { api } = renderRoles(MANAGER, {
      [ROLES]: { body: { data: [ADMIN, MERCHANT, strict, PAYOUT_DESK] } },
      'PUT /api/v1/roles/5': { body: { data: { ...strict, requiresTwoFactor: false } } },
    });
    expect(within(await rowOf('Finance viewer')).getByRole('rowheader').textContent).toBe(
      'Finance viewer2FA required',
    );
    const dialog = await openEdit('Finance viewer');
    const box = within(dialog).getByRole('checkbox', { name: TWO_FACTOR });
    expect(box).toBeChecked();
    await userEvent.click(box);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role saved')).toBeInTheDocument();
    expect(await api.bodiesOf('PUT /api/v1/roles/5')).toEqual([
      {
        name: 'Finance viewer',
        description: 'Reads balances and the finance summary',
        permissions: ['merchant.read', 'merchant.read.finance', 'report.read.balance'],
        requiresTwoFactor: false,
      },
    ]);
  });

  it('says a new name already taken under the name field', async () => {
    const taken = 'A role named "Merchant" already exists';
    renderRoles(MANAGER, {
      'PUT /api/v1/roles/5': { status: 409, body: problem(409, taken, 'role_name_taken') },
    });
    const dialog = await openEdit('Finance viewer');
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Merchant');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(taken));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Role saved')).not.toBeInTheDocument();
  });

  it('says a taken name under the name field whatever else the change grants', async () => {
    const taken = 'A role named "Merchant" already exists';
    renderRoles([...MANAGER, 'role.manage', 'user.manage'], {
      'PUT /api/v1/roles/5': { status: 409, body: problem(409, taken, 'role_name_taken') },
    });
    const dialog = await openEdit('Finance viewer');
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Merchant');
    // A platform-only permission: the code, not a guess, says what the refusal is about.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'user.manage' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(taken));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says any other conflict for the whole form, not under the name', async () => {
    const held = 'Users of a merchant hold this role, and they cannot hold: role.manage';
    renderRoles([...MANAGER, 'role.manage', 'user.manage'], {
      'PUT /api/v1/roles/5': { status: 409, body: problem(409, held, 'conflict') },
    });
    const dialog = await openEdit('Finance viewer');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'user.manage' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(held);
    expect(within(dialog).getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says a plain conflict of a renamed role for the whole form too', async () => {
    const other = 'Someone else’s refusal of this role';
    renderRoles(MANAGER, {
      'PUT /api/v1/roles/5': { status: 409, body: problem(409, other, 'conflict') },
    });
    const dialog = await openEdit('Finance viewer');
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Finance desk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(other);
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps a changed role open on a click beside it', async () => {
    renderRoles();
    const dialog = await openEdit('Finance viewer');
    const clickBeside = () => userEvent.click(dialog.parentElement as HTMLElement);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'invoice.error.read' }));
    await clickBeside();
    expect(screen.getByRole('dialog', { name: 'Edit role Finance viewer' })).toBeInTheDocument();
    // Back as it was listed: nothing is lost, and the click beside closes it.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'invoice.error.read' }));
    await clickBeside();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends nothing when cancelled', async () => {
    const { api } = renderRoles();
    await userEvent.click(
      within(await rowOf('Finance viewer')).getByRole('button', { name: 'Edit Finance viewer' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit role Finance viewer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.startsWith('PUT '))).toBe(false);
  });
});

describe('delete role', () => {
  const openDelete = async () => {
    await userEvent.click(
      within(await rowOf('Finance viewer')).getByRole('button', { name: 'Delete Finance viewer' }),
    );
    return screen.findByRole('dialog', { name: 'Delete role' });
  };

  it('asks first, and Cancel deletes nothing', async () => {
    const { api } = renderRoles();
    const dialog = await openDelete();
    expect(dialog).toHaveTextContent('Delete the role “Finance viewer”? This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.startsWith('DELETE '))).toBe(false);
  });

  it('deletes after the confirmation and says so', async () => {
    const { api } = renderRoles(MANAGER, {
      'DELETE /api/v1/roles/5': () => {
        api.set(ROLES, { body: { data: [ADMIN, MERCHANT, PAYOUT_DESK] } });
        return { body: { data: { ok: true } } };
      },
    });
    const dialog = await openDelete();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Role deleted')).toBeInTheDocument();
    expect(api.calls).toContain('DELETE /api/v1/roles/5');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Finance viewer' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's refusal of a role someone holds", async () => {
    const held = 'The role is held by 2 users; take it from them first';
    renderRoles(MANAGER, { 'DELETE /api/v1/roles/5': { status: 409, body: { detail: held } } });
    const dialog = await openDelete();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(held);
    expect(screen.queryByText('Role deleted')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete role' })).toBeInTheDocument();
  });
});
