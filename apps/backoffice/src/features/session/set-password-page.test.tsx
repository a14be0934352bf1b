import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers.tsx';
import { createAppStore } from '../../app/store.ts';
import { type FakeAnswer, fakeApi } from '../../testing/fake-api.ts';
import { openNewTab } from '../../testing/session-cookies.ts';
import { SetPasswordPage } from './set-password-page.tsx';

const TOKEN = 'k7Qm2pXr9vT4wZs8';
const LINK = `GET /api/v1/password-reset/${TOKEN}`;
const SET = `POST /api/v1/password-reset/${TOKEN}`;
const GONE_MESSAGE =
  'This link has expired or was already used. Ask your administrator for a new one.';

const VALID_LINK: FakeAnswer = {
  body: { data: { username: 'aziz.k', expiresAt: '2026-03-06T09:15:00.000Z' } },
};

/**
 * The page as app-routes mounts it: a public route outside every session guard and the layout.
 * `session`: whether the browser holds the marker of a sign-in (then a guard would ask people/me).
 */
const renderSetPassword = (link: FakeAnswer = VALID_LINK, { session = false } = {}) => {
  const api = fakeApi({ [LINK]: link });
  openNewTab({ session });
  const router = createMemoryRouter(
    [
      { path: '/password-reset/:token', element: <SetPasswordPage /> },
      { path: '/login', element: <h1>Sign in</h1> },
    ],
    { initialEntries: [`/password-reset/${TOKEN}`] },
  );
  render(
    <AppProviders store={createAppStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { api, router };
};

const newPassword = () => screen.getByLabelText(/^New password/);
const confirmation = () => screen.getByLabelText(/^Confirm password/);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Set password' }));
const fillIn = async (password: string, confirm = password) => {
  await userEvent.type(newPassword(), password);
  await userEvent.type(confirmation(), confirm);
};
const setCalls = (api: { calls: string[] }) => api.calls.filter((call) => call === SET);

afterEach(() => vi.unstubAllGlobals());

describe('set password with a one-time link', () => {
  it("shows the form for the link's user with the password rules", async () => {
    const { api } = renderSetPassword();
    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    expect(screen.getByText('aziz.k')).toBeInTheDocument();
    expect(screen.getByText(/until 06\/03\/2026 09:15:00 UTC/)).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('type', 'password');
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmation()).toHaveAttribute('type', 'password');
    expect(newPassword()).toHaveAccessibleDescription(
      'At least 12 characters; not your username; not a common or leaked password',
    );
    expect(api.calls).toEqual([LINK]);
  });

  it('requires both fields and sends nothing', async () => {
    const { api } = renderSetPassword();
    await screen.findByRole('heading', { name: 'Set your password' });
    await submit();
    expect(await screen.findByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm the new password')).toBeInTheDocument();
    expect(setCalls(api)).toEqual([]);
  });

  it.each([
    ['too short', 'short-11ch!', 'The password must be at least 12 characters long'],
    ['containing the username', 'my-Aziz.K-password', 'The password must not contain the username'],
  ])('says why a password %s is refused and sends nothing', async (_case, password, message) => {
    const { api } = renderSetPassword();
    await screen.findByRole('heading', { name: 'Set your password' });
    await fillIn(password);
    await submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(setCalls(api)).toEqual([]);
  });

  it('refuses a confirmation that differs', async () => {
    const { api } = renderSetPassword();
    await screen.findByRole('heading', { name: 'Set your password' });
    await fillIn('correct horse battery', 'correct horse batterY');
    await submit();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(setCalls(api)).toEqual([]);
  });

  it('sets the password and then offers to sign in', async () => {
    const { api, router } = renderSetPassword();
    api.set(SET, { body: { data: { ok: true } } });
    await screen.findByRole('heading', { name: 'Set your password' });
    await fillIn('correct horse battery');
    await submit();
    expect(
      await screen.findByRole('heading', { name: 'Your password is set' }),
    ).toBeInTheDocument();
    expect(await api.bodiesOf(SET)).toEqual([{ newPassword: 'correct horse battery' }]);
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's reason under the field when it refuses the password", async () => {
    const { api } = renderSetPassword();
    const common = 'This password is on a list of common or leaked passwords; choose another one';
    api.set(SET, { status: 400, body: { detail: common } });
    await screen.findByRole('heading', { name: 'Set your password' });
    await fillIn('password1234');
    await submit();
    await waitFor(() =>
      expect(newPassword()).toHaveAccessibleDescription(expect.stringContaining(common)),
    );
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(newPassword()).toHaveValue('password1234');
    expect(screen.queryByRole('heading', { name: 'Your password is set' })).toBeNull();
  });

  it('shows the server message and no form for an expired or used link', async () => {
    const { api } = renderSetPassword({ status: 410, body: { detail: GONE_MESSAGE } });
    expect(await screen.findByRole('alert')).toHaveTextContent(GONE_MESSAGE);
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(api.calls).toEqual([LINK]);
  });

  it('drops the form when the link is used up while it is open', async () => {
    const { api } = renderSetPassword();
    api.set(SET, { status: 410, body: { detail: GONE_MESSAGE } });
    await screen.findByRole('heading', { name: 'Set your password' });
    await fillIn('correct horse battery');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(GONE_MESSAGE);
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });

  it('says when the link cannot be checked and tries again', async () => {
    const { api } = renderSetPassword({ status: 503, body: { detail: 'Database unavailable' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not open the link: Database unavailable',
    );
    api.set(LINK, VALID_LINK);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument();
  });

  it('never asks about a session, even where the browser holds a sign-in marker', async () => {
    const { api } = renderSetPassword(VALID_LINK, { session: true });
    api.set(SET, { body: { data: { ok: true } } });
    await screen.findByRole('heading', { name: 'Set your password' });
    await fillIn('correct horse battery');
    await submit();
    await screen.findByRole('heading', { name: 'Your password is set' });
    expect(api.calls).toEqual([LINK, SET]);
    expect(api.calls.some((call) => call.includes('people/me'))).toBe(false);
  });
});
