import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { UserDetailsPage } from './user-details-page.tsx';
import { UsersPage } from './users-page.tsx';
import { MANAGE_ALL, PASSWORD_LINK, staffUser, usersApi } from './users-test-kit.ts';

const renderDetails = (
  routes: Record<string, FakeAnswer> = {},
  url = '/users/11',
  person: Record<string, unknown> = {},
) => {
  const api = usersApi(MANAGE_ALL, routes, person);
  const view = renderScreen(
    url,
    { path: '/users', element: <UsersPage /> },
    { path: '/users/:id', element: <UserDetailsPage /> },
  );
  return { api, ...view };
};

const section = (name: string) => screen.findByRole('region', { name });

afterEach(() => vi.unstubAllGlobals());

describe('user details', () => {
  it("shows the user's fields with a back button", async () => {
    renderDetails({
      'GET /api/v1/users/11': { body: { data: staffUser({ hasPassword: false }) } },
    });
    expect(await screen.findByRole('heading', { name: 'aziz' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Back/ })).toBeInTheDocument();
    const text = screen.getByText('Last sign-in').closest('dl')?.textContent ?? '';
    for (const expected of [
      'Usernameaziz',
      'NameAziz Karimov',
      'MerchantSilk Road Games',
      'Rolesmerchant',
      'StatusActive',
      'PasswordNo password yet',
      'Two-factor sign-inOff',
      'Last sign-in05/03/2026 14:07:09',
      'Active sessions2',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('goes back to the list when the details were opened first', async () => {
    const { router } = renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('deactivates after a confirmation that says their sessions end at once', async () => {
    const { api } = renderDetails({
      'PATCH /api/v1/users/11': { body: { data: staffUser({ enabled: false }) } },
    });
    const access = await section('Access');
    await userEvent.click(within(access).getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate aziz?' });
    expect(confirm).toHaveTextContent('every session of theirs ends at once');
    expect(api.calls).not.toContain('PATCH /api/v1/users/11');

    api.set('GET /api/v1/users/11', { body: { data: staffUser({ enabled: false }) } });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated')).toBeInTheDocument();
    expect(await api.bodiesOf('PATCH /api/v1/users/11')).toEqual([{ enabled: false }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The refetched user is deactivated: Reactivate is offered instead.
    expect(await within(access).findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const { api } = renderDetails();
    const access = await section('Access');
    await userEvent.click(within(access).getByRole('button', { name: 'Sign out everywhere' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign aziz out everywhere?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.some((call) => !call.startsWith('GET '))).toBe(false);
  });

  it('reactivates a deactivated user', async () => {
    const { api } = renderDetails({
      'GET /api/v1/users/11': { body: { data: staffUser({ enabled: false }) } },
      'PATCH /api/v1/users/11': { body: { data: staffUser() } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reactivate aziz?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('User reactivated')).toBeInTheDocument();
    expect(await api.bodiesOf('PATCH /api/v1/users/11')).toEqual([{ enabled: true }]);
  });

  it('resets the password after a confirmation and shows the one-time link', async () => {
    const { api } = renderDetails({
      'POST /api/v1/users/11/password-reset': { body: { data: PASSWORD_LINK } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reset password' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the password of aziz?' });
    expect(confirm).toHaveTextContent(
      'Their password stops working and every session of theirs ends at once.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset password' }));
    const linkDialog = await screen.findByRole('dialog', { name: 'Set-password link for aziz' });
    const url = `${window.location.origin}/password-reset/tok-123`;
    expect(within(linkDialog).getByText(url)).toBeInTheDocument();
    expect(linkDialog).toHaveTextContent('shown only once and works once within 24 hours');
    expect(
      api.calls.filter((call) => call === 'POST /api/v1/users/11/password-reset'),
    ).toHaveLength(1);
    await userEvent.click(within(linkDialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(url)).not.toBeInTheDocument();
  });

  it('offers no two-factor reset to a user without a second factor', async () => {
    renderDetails();
    const access = await section('Access');
    expect(screen.getByText('Last sign-in').closest('dl')).toHaveTextContent(
      'Two-factor sign-inOff',
    );
    expect(within(access).getByRole('button', { name: 'Reset password' })).toBeInTheDocument();
    expect(within(access).queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
  });

  it('resets two-factor sign-in and the password after a confirmation that says so, then shows the one-time link', async () => {
    const { api } = renderDetails({
      'GET /api/v1/users/11': { body: { data: staffUser({ twoFactorEnabled: true }) } },
      'POST /api/v1/users/11/two-factor-reset': { body: { data: PASSWORD_LINK } },
    });
    const access = await section('Access');
    expect(screen.getByText('Last sign-in').closest('dl')).toHaveTextContent(
      'Two-factor sign-inOn',
    );
    await userEvent.click(within(access).getByRole('button', { name: 'Reset two-factor' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Reset two-factor sign-in of aziz?',
    });
    expect(confirm).toHaveTextContent(
      'Their second factor and recovery codes are removed, and their password is reset too: it stops working and every session of theirs ends at once. You get a one-time link for them to choose a new password. If their role requires two-factor sign-in, they set it up again at their next sign-in.',
    );
    // Cancel sends nothing.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls).not.toContain('POST /api/v1/users/11/two-factor-reset');

    await userEvent.click(within(access).getByRole('button', { name: 'Reset two-factor' }));
    api.set('GET /api/v1/users/11', {
      body: { data: staffUser({ twoFactorEnabled: false, hasPassword: false, liveSessions: 0 }) },
    });
    await userEvent.click(
      within(
        await screen.findByRole('dialog', { name: 'Reset two-factor sign-in of aziz?' }),
      ).getByRole('button', { name: 'Reset two-factor' }),
    );
    expect(await screen.findByText('Two-factor sign-in reset')).toBeInTheDocument();
    // The password was reset with it: its one-time link is shown, as after a password reset.
    const linkDialog = await screen.findByRole('dialog', { name: 'Set-password link for aziz' });
    const url = `${window.location.origin}/password-reset/tok-123`;
    expect(within(linkDialog).getByText(url)).toBeInTheDocument();
    expect(linkDialog).toHaveTextContent('shown only once and works once within 24 hours');
    expect(linkDialog).toHaveTextContent(
      'Until aziz sets a password with it, they cannot sign in.',
    );
    expect(
      api.calls.filter((call) => call === 'POST /api/v1/users/11/two-factor-reset'),
    ).toHaveLength(1);
    expect(
      screen.queryByRole('dialog', { name: 'Reset two-factor sign-in of aziz?' }),
    ).not.toBeInTheDocument();
    // The user is fetched again: two-factor is off, no password yet, the reset no longer offered.
    await waitFor(() =>
      expect(within(access).queryByRole('button', { name: 'Reset two-factor' })).toBeNull(),
    );
    expect(screen.getByText('Last sign-in').closest('dl')).toHaveTextContent(
      'Two-factor sign-inOff',
    );
    expect(screen.getByText('Last sign-in').closest('dl')).toHaveTextContent(
      'PasswordNo password yet',
    );
    // The link outlives the refetch and goes only when dismissed.
    expect(within(linkDialog).getByText(url)).toBeInTheDocument();
    await userEvent.click(within(linkDialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(url)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a two-factor reset", async () => {
    renderDetails({
      'GET /api/v1/users/11': { body: { data: staffUser({ twoFactorEnabled: true }) } },
      'POST /api/v1/users/11/two-factor-reset': {
        status: 409,
        body: { detail: 'This user has no second factor to reset' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reset two-factor' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Reset two-factor sign-in of aziz?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText('This user has no second factor to reset')).toBeInTheDocument();
    expect(screen.queryByText('Two-factor sign-in reset')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Set-password link/ })).not.toBeInTheDocument();
  });

  it('signs the user out everywhere and says how many sessions ended', async () => {
    const { api } = renderDetails({
      'DELETE /api/v1/users/11/sessions': { body: { data: { ended: 2 } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign aziz out everywhere?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Ended 2 sessions')).toBeInTheDocument();
    expect(api.calls).toContain('DELETE /api/v1/users/11/sessions');
  });

  it('shows why an action was refused', async () => {
    renderDetails({
      'PATCH /api/v1/users/11': {
        status: 409,
        body: {
          detail: 'The last active administrator cannot be deactivated or lose the admin role',
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate aziz?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(
      await screen.findByText(
        'The last active administrator cannot be deactivated or lose the admin role',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('changes the names, sending only what changed', async () => {
    const { api } = renderDetails({
      'PATCH /api/v1/users/11': { body: { data: staffUser({ lastName: 'Karimova' }) } },
    });
    const names = await section('Name');
    const save = within(names).getByRole('button', { name: 'Save name' });
    expect(save).toBeDisabled();
    const lastName = within(names).getByRole('textbox', { name: 'Last name' });
    await userEvent.clear(lastName);
    await userEvent.click(save);
    expect(await within(names).findByText('Last name is required')).toBeInTheDocument();
    await userEvent.type(lastName, ' Karimova ');
    await userEvent.click(save);
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(await api.bodiesOf('PATCH /api/v1/users/11')).toEqual([{ lastName: 'Karimova' }]);
  });

  it("changes the roles, offering a merchant's user no platform-only role", async () => {
    const { api } = renderDetails({
      'PATCH /api/v1/users/11': {
        body: { data: staffUser({ roles: ['Finance viewer', 'merchant'] }) },
      },
    });
    const roles = await section('Roles');
    const support = await within(roles).findByRole('checkbox', { name: 'support' });
    expect(support).toBeDisabled();
    expect(support).toHaveAccessibleDescription(
      expect.stringContaining('A user of a merchant cannot hold: merchant.rw.all'),
    );
    expect(within(roles).getByRole('checkbox', { name: 'admin' })).toBeDisabled();
    expect(within(roles).getByRole('checkbox', { name: 'merchant' })).toBeChecked();

    await userEvent.click(within(roles).getByRole('checkbox', { name: 'merchant' }));
    await userEvent.click(within(roles).getByRole('button', { name: 'Save roles' }));
    expect(await within(roles).findByText('Choose at least one role')).toBeInTheDocument();
    expect(api.calls).not.toContain('PATCH /api/v1/users/11');

    await userEvent.click(within(roles).getByRole('checkbox', { name: 'Finance viewer' }));
    await userEvent.click(within(roles).getByRole('checkbox', { name: 'merchant' }));
    await userEvent.click(within(roles).getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(await api.bodiesOf('PATCH /api/v1/users/11')).toEqual([
      { roles: ['Finance viewer', 'merchant'] },
    ]);
  });

  it('is read-only when the caller may not manage the user, and says why', async () => {
    const { api } = renderDetails({
      'GET /api/v1/users/11': {
        body: { data: staffUser({ manageable: false, twoFactorEnabled: true }) },
      },
    });
    expect(await screen.findByRole('heading', { name: 'aziz' })).toBeInTheDocument();
    expect(screen.getByText('Last sign-in').closest('dl')).toHaveTextContent(
      'Two-factor sign-inOn',
    );
    expect(
      screen.getByText('You cannot change a user who holds permissions you do not hold.'),
    ).toBeInTheDocument();
    for (const name of [
      'Deactivate',
      'Reset password',
      'Reset two-factor',
      'Sign out everywhere',
      'Save name',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(api.calls).not.toContain('GET /api/v1/roles');
  });

  it("says 'This is you' on the caller's own user", async () => {
    renderDetails(
      { 'GET /api/v1/users/7': { body: { data: staffUser({ id: 7, manageable: false }) } } },
      '/users/7',
    );
    expect(await screen.findByText(/^This is you/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  });

  it('shows a not-found state with a link back to Users', async () => {
    const { router } = renderDetails(
      {
        'GET /api/v1/users/99': { status: 404, body: { detail: 'User not found' } },
      },
      '/users/99',
    );
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Users' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('treats an id that is not one as not found without asking the server', async () => {
    const { api } = renderDetails({}, '/users/abc');
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(api.calls.some((call) => call.startsWith('GET /api/v1/users/'))).toBe(false);
  });
});
