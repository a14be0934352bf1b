import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { personWith, renderApp } from '../../testing/render-app.tsx';
import { PENDING_SIGN_OUT_STORAGE_KEY, rememberPendingSignOut } from './session-memory.ts';
import {
  ENROLMENT,
  GROUPED_SECRET,
  QR_SVG,
  recoveryCodes,
  STEP_EXPIRED,
  WRONG_CODE,
} from './two-factor/two-factor-test-kit.ts';

const LOGIN = 'POST /api/v1/login';
const CODE = 'POST /api/v1/login/two-factor';
const ENROL = 'POST /api/v1/login/two-factor/enrolment';
const CONFIRM = 'POST /api/v1/login/two-factor/enrolment/confirm';
const PEOPLE_ME = 'GET /api/v1/people/me';
const LOGOUT = 'POST /api/v1/logout';
const SIGNED_IN = { body: { data: { expiresAt: '2030-01-01T00:00:00.000Z' } } };

/** A browser without a session whose password is right; login answers `next`. */
const passwordNeeds = (next: 'two-factor' | 'two-factor-enrolment') =>
  fakeApi({
    [PEOPLE_ME]: { status: 401, statusText: 'Unauthorized', body: { detail: 'No session' } },
    [LOGIN]: { body: { data: { next } } },
  });

/** Signs in with the password on the page already open. */
const typePassword = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByLabelText('Username'), ' admin ');
  await user.type(screen.getByLabelText('Password'), 'admin-demo');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

const codeField = () => screen.getByRole('textbox', { name: 'Code' });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('login, then a code of the authenticator app', () => {
  it('asks the code in place of the form and then signs in like a password does', async () => {
    const user = userEvent.setup();
    const api = passwordNeeds('two-factor');
    const { router, store } = renderApp('/settings', { session: false });
    await typePassword(user);

    expect(
      await screen.findByRole('heading', { name: 'Two-factor sign-in', level: 1 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    const field = codeField();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAccessibleDescription(
      'Enter the 6-digit code from your authenticator app, or one of your recovery codes',
    );
    // Nothing is signed in yet: the app asks nothing about the session.
    expect(api.calls).toEqual([LOGIN]);
    expect(store.getState().session.signedOut).toBe(true);

    api.set(CODE, SIGNED_IN);
    api.set(PEOPLE_ME, { body: { data: personWith([]) } });
    await user.type(field, ' 123 456 ');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(await api.bodiesOf(LOGIN)).toEqual([{ username: 'admin', password: 'admin-demo' }]);
    expect(await api.bodiesOf(CODE)).toEqual([{ code: '123 456' }]);
    expect(store.getState().session).toEqual({
      signedOut: false,
      pendingSignOut: false,
      loggedOut: false,
    });
  });

  it('shows a wrong code under the field and takes the next one', async () => {
    const user = userEvent.setup();
    const api = passwordNeeds('two-factor');
    const { router } = renderApp('/login', { session: false });
    await typePassword(user);
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });

    api.set(CODE, WRONG_CODE);
    await user.type(codeField(), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(codeField()).toHaveAttribute('aria-invalid', 'true'));
    expect(codeField()).toHaveAccessibleDescription(
      expect.stringContaining(WRONG_CODE.body.detail),
    );
    // The field takes the focus in an effect after the answer shows (later on a busy machine).
    await waitFor(() => expect(codeField()).toHaveFocus());
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();

    // Typing again clears the server's answer; the next code signs in.
    api.set(CODE, SIGNED_IN);
    api.set(PEOPLE_ME, { body: { data: personWith([]) } });
    await user.clear(codeField());
    expect(codeField()).not.toHaveAttribute('aria-invalid');
    await user.type(codeField(), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    expect(await api.bodiesOf(CODE)).toEqual([{ code: '000000' }, { code: '654321' }]);
  });

  it('asks for a code before sending anything', async () => {
    const user = userEvent.setup();
    const api = passwordNeeds('two-factor');
    renderApp('/login', { session: false });
    await typePassword(user);
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(codeField()).toHaveAccessibleDescription(expect.stringContaining('Enter the code'));
    expect(api.calls).not.toContain(CODE);
  });

  it('takes a recovery code, with a keyboard that has letters', async () => {
    const user = userEvent.setup();
    const api = passwordNeeds('two-factor');
    const { router } = renderApp('/login', { session: false });
    await typePassword(user);
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });

    await user.click(screen.getByRole('button', { name: 'Type a recovery code' }));
    expect(codeField()).toHaveAttribute('inputmode', 'text');
    expect(codeField()).toHaveFocus();
    api.set(CODE, SIGNED_IN);
    api.set(PEOPLE_ME, { body: { data: personWith([]) } });
    await user.keyboard('k7m2p-9xq4t{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    expect(await api.bodiesOf(CODE)).toEqual([{ code: 'k7m2p-9xq4t' }]);
  });

  it('goes back to the password form, saying so, when the step has expired', async () => {
    const user = userEvent.setup();
    const api = passwordNeeds('two-factor');
    const { router } = renderApp('/login', { session: false });
    await typePassword(user);
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });

    api.set(CODE, STEP_EXPIRED);
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in has expired. Sign in again.');
    expect(screen.getByLabelText('Username')).toHaveValue('admin');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    // Focus moves in an effect after the form is back: on a busy machine it can land a moment later.
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    // The password again: the code is asked again, and the notice goes.
    await user.type(screen.getByLabelText('Password'), 'admin-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByText('The sign-in has expired. Sign in again.')).not.toBeInTheDocument();
    expect(await api.bodiesOf(LOGIN)).toHaveLength(2);
  });

  it('goes back to an empty password form for another account', async () => {
    const user = userEvent.setup();
    const api = passwordNeeds('two-factor');
    renderApp('/login', { session: false });
    await typePassword(user);
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });

    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('');
    // Focus moves in an effect after the form is back: on a busy machine it can land a moment later.
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls).toEqual([LOGIN]);
  });
});

describe('login, when the role requires two-factor sign-in the person has not set up', () => {
  const reachEnrolment = async () => {
    const user = userEvent.setup();
    const api = passwordNeeds('two-factor-enrolment');
    api.set(ENROL, { body: { data: ENROLMENT } });
    const view = renderApp('/settings', { session: false });
    await typePassword(user);
    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor sign-in', level: 1 }),
    ).toBeInTheDocument();
    await screen.findByRole('textbox', { name: 'Code' });
    return { user, api, ...view };
  };

  it('sets it up: QR code as an image, a first code, the recovery codes, then Continue signs in', async () => {
    const { user, api, router, store, container } = await reachEnrolment();
    expect(
      screen.getByText('Your role requires two-factor sign-in. Set it up now to continue.'),
    ).toBeInTheDocument();

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    const src = qr.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(QR_SVG);
    // The SVG is an image's source, never part of the page.
    expect(container.querySelector('#qr-from-server')).toBeNull();
    expect(screen.getByText(GROUPED_SECRET)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy setup key' }));
    expect(await navigator.clipboard.readText()).toBe(ENROLMENT.secret);
    expect(api.calls.filter((call) => call === ENROL)).toHaveLength(1);

    // Only the app's 6 digits prove the set-up.
    await user.type(codeField(), '12345');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(codeField()).toHaveAccessibleDescription(
      expect.stringContaining('Enter the 6 digits your authenticator app shows'),
    );
    expect(api.calls).not.toContain(CONFIRM);

    const codes = recoveryCodes();
    api.set(CONFIRM, {
      body: { data: { expiresAt: '2030-01-01T00:00:00.000Z', recoveryCodes: codes } },
    });
    await user.type(codeField(), '6');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(
      screen.getByText(
        'Shown only once: keep them somewhere safe. Each one signs you in once if you lose your phone.',
      ),
    ).toBeInTheDocument();
    expect(await api.bodiesOf(CONFIRM)).toEqual([{ code: '123456' }]);
    // The codes first: the app is not signed in until Continue.
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls).not.toContain(PEOPLE_ME);
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();

    api.set(PEOPLE_ME, { body: { data: personWith([]) } });
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes' }));
    expect(next).toBeEnabled();
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(store.getState().session.signedOut).toBe(false);
  });

  it('shows a wrong first code under the field', async () => {
    const { user, api } = await reachEnrolment();
    api.set(CONFIRM, WRONG_CODE);
    await user.type(codeField(), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(codeField()).toHaveAccessibleDescription(
        expect.stringContaining(WRONG_CODE.body.detail),
      ),
    );
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('goes back to the password form when the step expired before the set-up started', async () => {
    const user = userEvent.setup();
    const api = passwordNeeds('two-factor-enrolment');
    api.set(ENROL, STEP_EXPIRED);
    renderApp('/login', { session: false });
    await typePassword(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in has expired. Sign in again.',
    );
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('admin');
  });

  it('goes back to the password form when the step expired before the first code', async () => {
    const { user, api } = await reachEnrolment();
    api.set(CONFIRM, STEP_EXPIRED);
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in has expired. Sign in again.',
    );
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('says when the set-up cannot start, and tries again', async () => {
    const user = userEvent.setup();
    const api = passwordNeeds('two-factor-enrolment');
    api.set(ENROL, { status: 503, body: { detail: 'Service temporarily unavailable' } });
    renderApp('/login', { session: false });
    await typePassword(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not start the set-up: Service temporarily unavailable',
    );
    api.set(ENROL, { body: { data: ENROLMENT } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
  });

  it('lets an earlier unconfirmed sign-out go once the set-up signed in, so it cannot end the new session', async () => {
    const user = userEvent.setup();
    const api = passwordNeeds('two-factor-enrolment');
    api.set(ENROL, { body: { data: ENROLMENT } });
    api.set(LOGOUT, { status: 503, body: { detail: 'down' } });
    rememberPendingSignOut();
    const { store } = renderApp('/login', { session: false });
    await waitFor(() => expect(api.calls).toContain(LOGOUT));
    await typePassword(user);
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(store.getState().session.pendingSignOut).toBe(true);

    api.set(CONFIRM, {
      body: { data: { expiresAt: '2030-01-01T00:00:00.000Z', recoveryCodes: recoveryCodes() } },
    });
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('list', { name: 'Recovery codes' });
    expect(store.getState().session.pendingSignOut).toBe(false);
    expect(localStorage.getItem(PENDING_SIGN_OUT_STORAGE_KEY)).toBeNull();
  });
});
