import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasSessionMarker } from '../features/session/session-memory.ts';
import { SELECTED_MERCHANT_STORAGE_KEY } from '../features/workspace/workspace-slice.ts';
import { fakeApi } from '../testing/fake-api.ts';
import { personWith, renderApp } from '../testing/render-app.tsx';

const signedInAs = (permissions: string[], overrides: Record<string, unknown> = {}) =>
  fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith(permissions, overrides) } },
    'GET /api/v1/terminal': {
      body: {
        data: [
          { id: 11, name: 'UZS deposits', currency: { id: 1, code: 'UZS', dimension: 2 } },
          { id: 12, name: 'RUB payouts', currency: { id: 2, code: 'RUB', dimension: 2 } },
        ],
      },
    },
  });
const signedOut = () =>
  fakeApi({
    'GET /api/v1/people/me': {
      status: 401,
      statusText: 'Unauthorized',
      body: { detail: 'No session' },
    },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('routes and session', () => {
  it('sends an unknown route to login', async () => {
    signedOut();
    const { router } = renderApp('/no-such-screen');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-out visitor of a signed-in screen to login, once', async () => {
    const api = signedOut();
    const { router } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // The dead session is not asked about again and again.
    expect(api.calls.filter((call) => call === 'GET /api/v1/people/me')).toHaveLength(1);
  });

  it('signs out when the current person cannot be loaded at all (SPEC §8)', async () => {
    fakeApi({ 'GET /api/v1/people/me': { status: 500, body: { detail: 'down' } } });
    const { router } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('forwards a signed-in person from login to the invoice list', async () => {
    signedInAs([]);
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
  });
});

describe('a signed-out start (decision 0010)', () => {
  it.each(['/login', '/invoices', '/settings', '/no-such-screen'])(
    'asks the server nothing at %s without the session marker: no failing request',
    async (path) => {
      const api = signedOut();
      const { router } = renderApp(path, { session: false });
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(api.calls).toEqual([]);
    },
  );

  it('asks people/me when the marker is there (SPEC §7), and a 401 drops the marker', async () => {
    const api = signedOut();
    renderApp('/invoices', { session: true });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.calls).toEqual(['GET /api/v1/people/me']);
    // The session is dead: the next start asks nothing.
    expect(hasSessionMarker()).toBe(false);
  });
});

describe('login form', () => {
  it('requires both fields', async () => {
    const api = signedOut();
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.calls).not.toContain('POST /api/v1/login');
  });

  it('shows the status text of a 401 as an error toast', async () => {
    const api = signedOut();
    api.set('POST /api/v1/login', {
      status: 401,
      statusText: 'Unauthorized',
      body: { detail: 'Invalid username or password' },
    });
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Username'), 'support');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Unauthorized');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says how long to wait when sign-in is throttled', async () => {
    const api = signedOut();
    api.set('POST /api/v1/login', {
      status: 429,
      statusText: 'Too Many Requests',
      body: {
        detail: 'Too many sign-in attempts. Try again in 2 minutes.',
        code: 'too_many_attempts',
      },
    });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Username'), 'support');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Too many sign-in attempts. Try again in 2 minutes.');
  });

  it('signs in and returns to the screen that sent the user to login', async () => {
    const api = signedOut();
    api.set('POST /api/v1/login', { body: { data: { ok: true } } });
    const { router } = renderApp('/settings');
    await userEvent.type(await screen.findByLabelText('Username'), ' support ');
    await userEvent.type(screen.getByLabelText('Password'), 'support-demo');
    api.set('GET /api/v1/people/me', { body: { data: personWith([]) } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await api.bodiesOf('POST /api/v1/login')).toEqual([
      { username: 'support', password: 'support-demo' },
    ]);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});

describe('layout', () => {
  it('shows the navigation items the permissions allow (SPEC §6)', async () => {
    signedInAs(['merchant.read', 'people.account', 'terminal.statistic.settings']);
    renderApp('/settings');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    // Monitoring needs both statistic permissions; Reports needs merchant.read.report.
    expect(labels).toEqual([
      'Dashboard',
      'Merchant',
      'Terminals',
      'Accounts',
      'Settings',
      'Support',
    ]);
  });

  it('opens Balance movements from its navigation item with report.read.balance (decision 0029)', async () => {
    signedInAs(['report.read.balance']);
    const { router } = renderApp('/settings');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Balance movements' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Balance movements' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/balance-movements');
    expect(
      screen.getByText('Choose a currency to see the movements of its balance.'),
    ).toBeInTheDocument();
  });

  it('shows the person, a UTC clock, and the terminal selector only on invoices and reports', async () => {
    signedInAs([]);
    renderApp('/settings');
    expect(await screen.findByText('Dilnoza Karimova')).toBeInTheDocument();
    expect(screen.getByText(/^\d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Terminal')).not.toBeInTheDocument();
  });

  it('logs out to login with the cache cleared even when the server call fails', async () => {
    const api = signedInAs([]);
    api.set('POST /api/v1/logout', { status: 500, body: { detail: 'down' } });
    const { router, store } = renderApp('/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls).toContain('POST /api/v1/logout');
    expect(store.getState().api.queries).toEqual({});
    expect(store.getState().session.signedOut).toBe(true);
  });

  it('starts the next sign-in at the invoice list after a log out, not on the screen left', async () => {
    const api = signedInAs([]);
    api.set('POST /api/v1/logout', { body: { data: { ok: true } } });
    const { router } = renderApp('/settings/change-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Nothing remembers where the previous person was.
    expect(router.state.location.state).toBeNull();
  });

  it('lets a merchant.rw.all user choose a merchant, remembered and falling back to the first', async () => {
    const api = signedInAs(['merchant.rw.all']);
    api.set('GET /api/v1/merchant', {
      body: {
        data: {
          items: [
            { id: 3, name: 'Silk Road Games', clientPublicKey: 'pk_1', terminals: [] },
            { id: 5, name: 'Tashkent Books', clientPublicKey: 'pk_2', terminals: [] },
          ],
          page: 0,
          size: 50,
          total: 2,
        },
      },
    });
    localStorage.setItem(SELECTED_MERCHANT_STORAGE_KEY, '99');
    renderApp('/settings');
    const chooser = await screen.findByLabelText('Merchant');
    await waitFor(() => expect(chooser).toHaveValue('3'));
    await userEvent.selectOptions(chooser, '5');
    expect(localStorage.getItem(SELECTED_MERCHANT_STORAGE_KEY)).toBe('5');
    expect(chooser).toHaveValue('5');
    expect(api.calls.some((call) => call.startsWith('GET /api/v1/merchant?'))).toBe(true);
  });
});

describe('errors', () => {
  it('shows a failed chunk as "Loading chunk … failed" under the router error heading', async () => {
    const { lazyScreen } = await import('./lazy-screen.ts');
    const load = lazyScreen('reports', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(load()).rejects.toThrow('Loading chunk reports failed');
  });
});
