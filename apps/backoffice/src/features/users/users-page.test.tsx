import { USERNAME_MESSAGE } from '@paygate/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { UserDetailsPage } from './user-details-page.tsx';
import { UsersPage } from './users-page.tsx';
import {
  listQueries,
  MANAGE_ALL,
  MANAGE_OWN,
  OWN_MERCHANT_ID,
  PASSWORD_LINK,
  PLATFORM_USER,
  staffUser,
  usersApi,
  usersPage,
} from './users-test-kit.ts';

const renderUsers = (url = '/users') =>
  renderScreen(
    url,
    { path: '/users', element: <UsersPage /> },
    { path: '/users/:id', element: <UserDetailsPage /> },
  );

const rowOf = async (username: string) => {
  const link = await screen.findByRole('link', { name: username });
  const row = link.closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

const lastQuery = (calls: readonly string[]) =>
  Object.fromEntries(listQueries(calls).at(-1)?.entries() ?? []);

afterEach(() => vi.unstubAllGlobals());

describe('users list', () => {
  it('shows username, name, merchant, roles, status, 2FA and last sign-in', async () => {
    const api = usersApi(MANAGE_ALL, {
      'GET /api/v1/users': {
        body: usersPage([staffUser({ twoFactorEnabled: true }), PLATFORM_USER]),
      },
    });
    renderUsers();
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Username', 'Name', 'Merchant', 'Roles', 'Status', '2FA', 'Last sign-in']);
    expect(within(table).getByText('2FA')).toHaveAttribute('title', 'Two-factor sign-in');
    expect(
      within(await rowOf('aziz'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'aziz',
      'Aziz Karimov',
      'Silk Road Games',
      'merchant',
      'Active',
      'On',
      '05/03/2026 14:07:09',
    ]);
    expect(
      within(await rowOf('ops.lead'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'ops.lead',
      'Malika Yusupova',
      'Platform staff',
      'operator, support',
      'DeactivatedNo password yet',
      'Off',
      'Never',
    ]);
    expect(screen.getByText('Total: 2')).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/v1/users?page=0&size=10');
  });

  it('pages through the users with the page in the URL', async () => {
    const api = usersApi(MANAGE_ALL, {
      'GET /api/v1/users': (_request, url) => {
        const page = Number(url.searchParams.get('page'));
        return {
          body: {
            data: {
              items: [staffUser({ id: 100 + page, username: `user${page}` })],
              page,
              size: 10,
              total: 25,
            },
          },
        };
      },
    });
    const { router } = renderUsers();
    await screen.findByRole('link', { name: 'user0' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'user2' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(api.calls).toContain('GET /api/v1/users?page=2&size=10');
  });

  it('searches after a pause in typing and on Enter, from page 1, with the search in the URL', async () => {
    const user = userEvent.setup();
    const api = usersApi(MANAGE_ALL, {
      'GET /api/v1/users': { body: usersPage([staffUser()], 40) },
    });
    const { router } = renderUsers('/users?page=2');
    const searchForm = await screen.findByRole('search', { name: 'Search users' });
    const box = within(searchForm).getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'karim');
    // Nothing until typing pauses.
    expect(lastQuery(api.calls)).toEqual({ page: '1', size: '10' });
    await waitFor(() =>
      expect(lastQuery(api.calls)).toEqual({ page: '0', size: '10', search: 'karim' }),
    );
    expect(router.state.location.search).toBe('?search=karim');

    await user.clear(box);
    await user.type(box, ' ops {Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?search=ops'));
    expect(lastQuery(api.calls)).toEqual({ page: '0', size: '10', search: 'ops' });
  });

  it('reads the search from the URL', async () => {
    const api = usersApi(MANAGE_ALL);
    renderUsers('/users?search=aziz');
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toHaveValue('aziz');
    await screen.findByRole('link', { name: 'aziz' });
    expect(api.calls).toContain('GET /api/v1/users?page=0&size=10&search=aziz');
  });

  it('filters active and deactivated users', async () => {
    const api = usersApi(MANAGE_ALL);
    const { router } = renderUsers();
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Active', 'Deactivated']);
    await userEvent.selectOptions(status, 'Deactivated');
    await waitFor(() =>
      expect(lastQuery(api.calls)).toEqual({ page: '0', size: '10', enabled: 'false' }),
    );
    expect(router.state.location.search).toBe('?status=deactivated');
    await userEvent.selectOptions(status, 'Active');
    await waitFor(() =>
      expect(lastQuery(api.calls)).toEqual({ page: '0', size: '10', enabled: 'true' }),
    );
    await userEvent.selectOptions(status, 'All');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Back to the first answer, kept in the cache.
    expect(await screen.findByRole('link', { name: 'ops.lead' })).toBeInTheDocument();
    expect(listQueries(api.calls).map((query) => query.get('enabled'))).toEqual([
      null,
      'false',
      'true',
    ]);
  });

  it("shows 'Nothing found' when no user matches", async () => {
    usersApi(MANAGE_ALL, { 'GET /api/v1/users': { body: usersPage([]) } });
    renderUsers('/users?search=nobody');
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a load failure with the server message and tries again', async () => {
    const api = usersApi(MANAGE_ALL, {
      'GET /api/v1/users': { status: 500, body: { detail: 'Database unavailable' } },
    });
    renderUsers();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the users: Database unavailable');
    api.set('GET /api/v1/users', { body: usersPage([staffUser()]) });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'aziz' })).toBeInTheDocument();
  });

  it.each([
    ['without user.manage or user.manage.own', ['merchant.read'], {}],
    ['with user.manage.own but no merchant of their own', MANAGE_OWN, { merchantId: null }],
  ])('says there is no access %s, and asks for no users', async (_case, permissions, person) => {
    const api = usersApi(permissions, {}, person);
    renderUsers();
    expect(
      await screen.findByText('Users need the user.manage or user.manage.own permission.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    expect(listQueries(api.calls)).toEqual([]);
  });

  it('opens a user from the row link with the keyboard and from a click on the row', async () => {
    usersApi(MANAGE_ALL, { 'GET /api/v1/users/12': { body: { data: PLATFORM_USER } } });
    const { router } = renderUsers();
    const link = await screen.findByRole('link', { name: 'aziz' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/11'));
    expect(await screen.findByRole('heading', { name: 'aziz' })).toBeInTheDocument();

    await router.navigate('/users');
    await userEvent.click(within(await rowOf('ops.lead')).getByText('Malika Yusupova'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/12'));
  });
});

describe('add user', () => {
  const openAdd = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    return screen.findByRole('dialog', { name: 'Add user' });
  };
  const roleBox = (dialog: HTMLElement, name: string) =>
    within(dialog).getByRole('checkbox', { name });
  /** Types a valid new platform user: aziz, Aziz Karimov, support. */
  const fillNewUser = async (dialog: HTMLElement) => {
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'aziz');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Aziz');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Karimov');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Merchant' }),
      'Platform staff',
    );
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'support' }));
  };

  it('checks every field before calling the server', async () => {
    const api = usersApi(MANAGE_ALL);
    renderUsers();
    const dialog = await openAdd();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Username is required')).toBeInTheDocument();
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose platform staff or a merchant')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one role')).toBeInTheDocument();

    const username = within(dialog).getByRole('textbox', { name: 'Username' });
    await userEvent.type(username, 'no spaces please');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'First name' }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(USERNAME_MESSAGE)).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription(expect.stringContaining(USERNAME_MESSAGE));
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(api.calls).not.toContain('POST /api/v1/users');
  });

  it('disables the roles the caller cannot give, and platform-only roles for a merchant user', async () => {
    usersApi(MANAGE_ALL);
    renderUsers();
    const dialog = await openAdd();
    await within(dialog).findByRole('checkbox', { name: 'admin' });
    // Not assignable: the caller lacks some of its permissions.
    expect(roleBox(dialog, 'admin')).toBeDisabled();
    expect(roleBox(dialog, 'admin')).toHaveAccessibleDescription(
      'Platform administrators: every permission You cannot give this role: it has permissions you do not hold.',
    );
    expect(roleBox(dialog, 'support')).toBeEnabled();
    expect(roleBox(dialog, 'merchant')).toHaveAccessibleDescription(
      "A merchant's own staff: its invoices, terminals, reports, settlements and users",
    );

    const merchant = within(dialog).getByRole('combobox', { name: 'Merchant' });
    await waitFor(() =>
      expect(
        within(merchant)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Not selected', 'Platform staff', 'Silk Road Games', 'Tashkent Books']),
    );
    await userEvent.selectOptions(merchant, 'Platform staff');
    await userEvent.click(roleBox(dialog, 'support'));
    expect(roleBox(dialog, 'support')).toBeChecked();

    // A merchant's user: support's merchant.rw.all is platform-only; the choice is dropped.
    await userEvent.selectOptions(merchant, 'Tashkent Books');
    expect(roleBox(dialog, 'support')).not.toBeChecked();
    expect(roleBox(dialog, 'support')).toBeDisabled();
    expect(roleBox(dialog, 'support')).toHaveAccessibleDescription(
      expect.stringContaining('A user of a merchant cannot hold: merchant.rw.all'),
    );
    expect(roleBox(dialog, 'merchant')).toBeEnabled();
    expect(roleBox(dialog, 'Finance viewer')).toBeEnabled();

    await userEvent.selectOptions(merchant, 'Platform staff');
    expect(roleBox(dialog, 'support')).toBeEnabled();
  });

  it('adds the user, then shows their one-time link once and lands on the list', async () => {
    const user = userEvent.setup();
    const created = staffUser({ id: 21, username: 'dilshod', hasPassword: false, merchantId: 5 });
    const api = usersApi(MANAGE_ALL, {
      'POST /api/v1/users': {
        status: 201,
        body: { data: { user: created, passwordLink: PASSWORD_LINK } },
      },
    });
    const { router } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), ' dilshod ');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Dilshod');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), ' Rahimov');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Merchant' }),
      await within(dialog).findByRole('option', { name: 'Tashkent Books' }),
    );
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Finance viewer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('User added')).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/v1/users')).toEqual([
      {
        username: 'dilshod',
        firstName: 'Dilshod',
        lastName: 'Rahimov',
        merchantId: 5,
        roles: ['Finance viewer'],
      },
    ]);
    const linkDialog = await screen.findByRole('dialog', {
      name: 'Set-password link for dilshod',
    });
    expect(screen.queryByRole('dialog', { name: 'Add user' })).not.toBeInTheDocument();
    const url = `${window.location.origin}/password-reset/tok-123`;
    expect(within(linkDialog).getByText(url)).toBeInTheDocument();
    expect(linkDialog).toHaveAccessibleDescription(
      expect.stringContaining('shown only once and works once within 24 hours'),
    );
    expect(linkDialog).toHaveTextContent('Expires at 06/03/2026 14:07:09 UTC');
    await user.click(within(linkDialog).getByRole('button', { name: 'Copy set-password link' }));
    expect(await navigator.clipboard.readText()).toBe(url);

    await user.click(within(linkDialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(url)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
  });

  it('keeps the dialog open with the server message when the server refuses', async () => {
    usersApi(MANAGE_ALL, {
      'POST /api/v1/users': { status: 409, body: { detail: 'User aziz already exists' } },
    });
    renderUsers();
    const dialog = await openAdd();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'aziz');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Aziz');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Karimov');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Merchant' }),
      'Platform staff',
    );
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'support' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('User aziz already exists');
    expect(screen.getByRole('dialog', { name: 'Add user' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Set-password link/ })).not.toBeInTheDocument();
  });

  it('says a username already taken under the username field and keeps what was typed', async () => {
    const taken = 'User aziz already exists';
    const api = usersApi(MANAGE_ALL, {
      'POST /api/v1/users': { status: 409, body: problem(409, taken, 'username_taken') },
    });
    renderUsers();
    const dialog = await openAdd();
    const username = within(dialog).getByRole('textbox', { name: 'Username' });
    await userEvent.type(username, 'aziz');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Aziz');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Karimov');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Merchant' }),
      'Platform staff',
    );
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'support' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(expect.stringContaining(taken)),
    );
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveValue('aziz');
    // Said once, where it concerns: not again as the dialog's own refusal.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getAllByText(taken)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Add user' })).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/v1/users')).toHaveLength(1);

    // Another username: the server's word goes once the field is changed.
    await userEvent.type(username, '2');
    expect(username).not.toHaveAccessibleDescription(expect.stringContaining(taken));
  });

  it('says any other conflict for the whole form, not under the username', async () => {
    const other = 'Someone else’s refusal of this user';
    usersApi(MANAGE_ALL, {
      'POST /api/v1/users': { status: 409, body: problem(409, other, 'conflict') },
    });
    renderUsers();
    const dialog = await openAdd();
    const username = within(dialog).getByRole('textbox', { name: 'Username' });
    await fillNewUser(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(other);
    expect(username).not.toHaveAttribute('aria-invalid', 'true');
    expect(username).not.toHaveAccessibleDescription(expect.stringContaining(other));
    expect(screen.getByRole('dialog', { name: 'Add user' })).toBeInTheDocument();
  });

  it('closes on a click beside it only while nothing is typed; Escape closes it anyway', async () => {
    usersApi(MANAGE_ALL);
    renderUsers();
    const clickBeside = (dialog: HTMLElement) =>
      userEvent.click(dialog.parentElement as HTMLElement);

    await clickBeside(await openAdd());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    let dialog = await openAdd();
    const username = within(dialog).getByRole('textbox', { name: 'Username' });
    await userEvent.type(username, 'aziz');
    await clickBeside(dialog);
    expect(screen.getByRole('dialog', { name: 'Add user' })).toBeInTheDocument();
    expect(username).toHaveValue('aziz');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A chosen merchant or role is typed data too.
    dialog = await openAdd();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'support' }));
    await clickBeside(dialog);
    expect(screen.getByRole('dialog', { name: 'Add user' })).toBeInTheDocument();
  });

  it('fixes the merchant to their own for a user.manage.own caller', async () => {
    const api = usersApi(
      MANAGE_OWN,
      {
        'POST /api/v1/users': {
          status: 201,
          body: {
            data: { user: staffUser({ id: 22, username: 'cashier' }), passwordLink: PASSWORD_LINK },
          },
        },
      },
      { merchantId: OWN_MERCHANT_ID, role: 'merchant' },
    );
    renderUsers();
    const dialog = await openAdd();
    const merchant = within(dialog).getByRole('textbox', { name: 'Merchant' });
    await waitFor(() => expect(merchant).toHaveValue('Silk Road Games'));
    expect(merchant).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('combobox', { name: 'Merchant' })).not.toBeInTheDocument();
    // A merchant's user from the start: platform-only roles are not offered.
    expect(await within(dialog).findByRole('checkbox', { name: 'support' })).toBeDisabled();
    expect(api.calls).not.toContain('GET /api/v1/merchant');

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'cashier');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Olim');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Aliev');
    await userEvent.click(roleBox(dialog, 'merchant'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByRole('dialog', { name: 'Set-password link for cashier' }),
    ).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/v1/users')).toEqual([
      {
        username: 'cashier',
        firstName: 'Olim',
        lastName: 'Aliev',
        merchantId: OWN_MERCHANT_ID,
        roles: ['merchant'],
      },
    ]);
  });
});
