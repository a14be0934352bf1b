import { sessionApi } from '@paygate/api';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store.ts';
import { type FakeApi, fakeApi } from '../../testing/fake-api.ts';
import { personWith, renderApp } from '../../testing/render-app.tsx';
import { completePendingSignOut, retryDelayMs } from './pending-sign-out.tsx';
import {
  hasSessionMarker,
  PENDING_SIGN_OUT_STORAGE_KEY,
  rememberPendingSignOut,
} from './session-memory.ts';

const LOGOUT = 'POST /api/v1/logout';
const PEOPLE_ME = 'GET /api/v1/people/me';

/** A browser whose jwt still names a live session: people/me answers whoever asks. */
const liveSession = () =>
  fakeApi({
    [PEOPLE_ME]: { body: { data: personWith([]) } },
    [LOGOUT]: { body: { data: { ok: true } } },
  });

const offline = () => {
  throw new TypeError('Failed to fetch');
};

const pendingFlag = () => localStorage.getItem(PENDING_SIGN_OUT_STORAGE_KEY);
const signedInScreen = () => screen.queryByRole('navigation', { name: 'Main' });
const callsSince = (api: FakeApi, from: number) => api.calls.slice(from);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a sign-out the server did not confirm (decision 0010)', () => {
  it.each([
    ['answers 5xx', { status: 503, body: { detail: 'Service temporarily unavailable' } }],
    ['cannot be reached', offline],
  ] as const)(
    'when logout %s, the next start completes it before anything else',
    async (_how, failure) => {
      const api = liveSession();
      api.set(LOGOUT, failure);
      const first = renderApp('/settings');
      await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      await waitFor(() => expect(api.calls).toContain(LOGOUT));
      // Remembered in the browser; the marker is gone at once.
      expect(pendingFlag()).not.toBeNull();
      expect(hasSessionMarker()).toBe(false);
      first.unmount();

      // The next start, even with the jwt and the marker still there (e.g. the tab was closed
      // before anything could be cleared), and the server back.
      api.set(LOGOUT, { body: { data: { ok: true } } });
      const restart = api.calls.length;
      renderApp('/invoices', { session: true });
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      await waitFor(() => expect(pendingFlag()).toBeNull());
      expect(callsSince(api, restart)).toEqual([LOGOUT]);
      expect(signedInScreen()).toBeNull();
    },
  );

  it('tries again when the network is back, and until it succeeds; the app asks nothing else', async () => {
    const api = liveSession();
    api.set(LOGOUT, offline);
    rememberPendingSignOut();
    const { router, store } = renderApp('/invoices');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toEqual([LOGOUT]));

    api.set(LOGOUT, { status: 500, body: { detail: 'down' } });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(api.calls).toEqual([LOGOUT, LOGOUT]));
    expect(store.getState().session.pendingSignOut).toBe(true);

    api.set(LOGOUT, { body: { data: { ok: true } } });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(store.getState().session.pendingSignOut).toBe(false));
    expect(pendingFlag()).toBeNull();
    expect(api.calls).toEqual([LOGOUT, LOGOUT, LOGOUT]);
    expect(router.state.location.pathname).toBe('/login');
    expect(signedInScreen()).toBeNull();
  });

  it('signs out on the server too when the current person cannot be loaded (SPEC §8)', async () => {
    const api = liveSession();
    api.set(PEOPLE_ME, { status: 500, body: { detail: 'down' } });
    api.set(LOGOUT, { status: 502, body: { detail: 'Bad gateway' } });
    const first = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toEqual([PEOPLE_ME, LOGOUT]));
    expect(pendingFlag()).not.toBeNull();
    first.unmount();

    // people/me would answer now: the next start still signs out first and shows login.
    api.set(PEOPLE_ME, { body: { data: personWith([]) } });
    api.set(LOGOUT, { body: { data: { ok: true } } });
    const restart = api.calls.length;
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(pendingFlag()).toBeNull());
    expect(callsSince(api, restart)).toEqual([LOGOUT]);
    expect(signedInScreen()).toBeNull();
  });

  it('lets the person sign in meanwhile; only a successful sign-in drops the pending sign-out', async () => {
    const user = userEvent.setup();
    const api = liveSession();
    api.set(LOGOUT, offline);
    rememberPendingSignOut();
    const { router, store } = renderApp('/login');
    await waitFor(() => expect(api.calls).toEqual([LOGOUT]));

    api.set('POST /api/v1/login', {
      status: 401,
      statusText: 'Unauthorized',
      body: { detail: 'Invalid username or password' },
    });
    await user.type(screen.getByLabelText('Username'), 'support');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unauthorized');
    expect(pendingFlag()).not.toBeNull();

    api.set('POST /api/v1/login', { body: { data: { expiresAt: '2030-01-01T00:00:00Z' } } });
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'support-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    expect(pendingFlag()).toBeNull();
    expect(store.getState().session).toEqual({
      signedOut: false,
      pendingSignOut: false,
      loggedOut: false,
    });
    // No logout after the successful sign-in: it would end the new session.
    expect(api.calls.lastIndexOf(LOGOUT)).toBeLessThan(api.calls.lastIndexOf('POST /api/v1/login'));
    expect(api.calls.at(-1)).toBe(PEOPLE_ME);
  });
});

describe('completePendingSignOut', () => {
  const start = (signal = new AbortController().signal) => {
    rememberPendingSignOut();
    const store = createAppStore();
    const waits: number[] = [];
    const done = completePendingSignOut({
      dispatch: store.dispatch,
      signal,
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    return { store, waits, done };
  };

  it('calls logout again after each failure, waiting longer each time, until it succeeds', async () => {
    let answers = 0;
    const api = fakeApi({
      [LOGOUT]: () =>
        ++answers < 4
          ? { status: 503, body: { detail: 'down' } }
          : { body: { data: { ok: true } } },
    });
    const { store, waits, done } = start();
    await done;
    expect(api.calls).toEqual([LOGOUT, LOGOUT, LOGOUT, LOGOUT]);
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(store.getState().session.pendingSignOut).toBe(false);
    expect(pendingFlag()).toBeNull();
    expect(retryDelayMs(10)).toBe(30_000);
  });

  it('sends nothing while a login is running, and stops once another tab dropped the flag', async () => {
    let releaseLogin = () => {};
    const api = fakeApi({
      'POST /api/v1/login': () =>
        new Promise((resolve) => {
          releaseLogin = () => resolve({ body: { data: { expiresAt: '2030-01-01T00:00:00Z' } } });
        }),
    });
    rememberPendingSignOut();
    const store = createAppStore();
    const login = store.dispatch(
      sessionApi.endpoints.login.initiate({ username: 'a', password: 'b' }),
    );
    let waited = 0;
    const done = completePendingSignOut({
      dispatch: store.dispatch,
      signal: new AbortController().signal,
      wait: async () => {
        waited += 1;
        // Meanwhile another tab signed in (or completed the sign-out).
        localStorage.removeItem(PENDING_SIGN_OUT_STORAGE_KEY);
      },
    });
    await done;
    releaseLogin();
    await login;
    expect(waited).toBe(1);
    expect(api.calls).toEqual(['POST /api/v1/login']);
    expect(store.getState().session.pendingSignOut).toBe(false);
  });

  it.each([
    ['POST /api/v1/login/two-factor', 'signInWithCode'],
    ['POST /api/v1/login/two-factor/enrolment/confirm', 'confirmSignInEnrolment'],
  ] as const)('sends nothing while the second factor signs in (%s)', async (route, endpoint) => {
    let release = () => {};
    const api = fakeApi({
      [route]: () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { data: { expiresAt: '2030-01-01T00:00:00Z' } } });
        }),
    });
    rememberPendingSignOut();
    const store = createAppStore();
    const signingIn = store.dispatch(sessionApi.endpoints[endpoint].initiate({ code: '123456' }));
    let waited = 0;
    const done = completePendingSignOut({
      dispatch: store.dispatch,
      signal: new AbortController().signal,
      wait: async () => {
        waited += 1;
        localStorage.removeItem(PENDING_SIGN_OUT_STORAGE_KEY);
      },
    });
    await done;
    release();
    await signingIn;
    expect(waited).toBe(1);
    expect(api.calls).toEqual([route]);
  });

  it('sends nothing once called off', async () => {
    const api = fakeApi({ [LOGOUT]: { body: { data: { ok: true } } } });
    const controller = new AbortController();
    const { done } = start(controller.signal);
    controller.abort();
    await done;
    expect(api.calls).toEqual([]);
  });
});
