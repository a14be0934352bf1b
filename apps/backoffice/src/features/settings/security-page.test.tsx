import type { OwnSession } from '@paygate/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { personWith } from '../../testing/test-people.ts';
import {
  ENROLMENT,
  GROUPED_SECRET,
  recoveryCodes,
  twoFactorStatus,
  WRONG_CODE,
} from '../session/two-factor/two-factor-test-kit.ts';
import { SecurityPage } from './security-page.tsx';

const SESSIONS = 'GET /api/v1/sessions';
const TWO_FACTOR = 'GET /api/v1/two-factor';
const ENROL = 'POST /api/v1/two-factor/enrolment';
const CONFIRM = 'POST /api/v1/two-factor/enrolment/confirm';
const NEW_CODES = 'POST /api/v1/two-factor/recovery-codes';
const DISABLE = 'POST /api/v1/two-factor/disable';

const session = (overrides: Partial<OwnSession> & Pick<OwnSession, 'id'>): OwnSession => ({
  browser: 'Chrome 131 on Linux',
  sourceIp: '203.0.113.7',
  createdAt: '2026-03-05T08:00:00.000Z',
  lastSeenAt: '2026-03-05T09:30:15.000Z',
  expiresAt: '2026-03-05T20:00:00.000Z',
  current: false,
  ...overrides,
});

const THIS_ONE = session({ id: '6f1c2b0e-0000-4000-8000-000000000001', current: true });
const PHONE = session({
  id: '6f1c2b0e-0000-4000-8000-000000000002',
  browser: 'Safari 18 on iOS',
  sourceIp: '198.51.100.23',
  createdAt: '2026-03-04T17:12:00.000Z',
  lastSeenAt: '2026-03-04T18:45:59.000Z',
});
const UNKNOWN = session({
  id: '6f1c2b0e-0000-4000-8000-000000000003',
  browser: 'Unknown browser',
  sourceIp: null,
});

const renderSecurity = (
  sessions: FakeAnswer = { body: { data: [THIS_ONE, PHONE, UNKNOWN] } },
  twoFactor: FakeAnswer = { body: { data: twoFactorStatus() } },
) => {
  const api = fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith([]) } },
    [SESSIONS]: sessions,
    [TWO_FACTOR]: twoFactor,
  });
  const view = renderScreen(
    '/settings/security',
    { path: '/settings/security', element: <SecurityPage /> },
    { path: '/settings', element: <h1>Settings</h1> },
  );
  return { api, ...view };
};

const rowOf = async (browser: string) => {
  const table = await screen.findByRole('table', { name: 'Active sessions' });
  const row = within(table).getByText(browser).closest('tr');
  if (!row) throw new Error(`no row for ${browser}`);
  return row;
};

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('security', () => {
  it('lists the live sessions with browser, IP, sign-in time and last activity', async () => {
    renderSecurity();
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sessions', level: 2 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Active sessions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Browser', 'IP address', 'Signed in', 'Last active', 'Actions']);
    expect(cellsOf(await rowOf('Safari 18 on iOS'))).toEqual([
      'Safari 18 on iOS',
      '198.51.100.23',
      '04/03/2026 17:12:00 UTC',
      '04/03/2026 18:45:59 UTC',
      'End',
    ]);
    expect(cellsOf(await rowOf('Unknown browser'))[1]).toBe('Unknown');
  });

  it('marks this device and offers End for the others only', async () => {
    renderSecurity();
    const current = await rowOf('Chrome 131 on Linux');
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();
    expect(within(await rowOf('Safari 18 on iOS')).queryByText('This device')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^End/ })).toHaveLength(2);
  });

  it('ends another session, says so and shows the list again without it', async () => {
    const { api } = renderSecurity();
    const end = `DELETE /api/v1/sessions/${PHONE.id}`;
    api.set(end, () => {
      api.set(SESSIONS, { body: { data: [THIS_ONE, UNKNOWN] } });
      return { body: { data: { current: false } } };
    });
    await userEvent.click(
      within(await rowOf('Safari 18 on iOS')).getByRole('button', { name: /^End/ }),
    );
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
    expect(api.calls).toContain(end);
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Safari 18 on iOS' })).not.toBeInTheDocument(),
    );
    expect(api.calls.filter((call) => call === SESSIONS)).toHaveLength(2);
    expect(await rowOf('Chrome 131 on Linux')).toBeInTheDocument();
  });

  it("toasts the server's message when a session cannot be ended", async () => {
    const { api } = renderSecurity();
    api.set(`DELETE /api/v1/sessions/${PHONE.id}`, {
      status: 404,
      body: { detail: 'Session not found' },
    });
    await userEvent.click(
      within(await rowOf('Safari 18 on iOS')).getByRole('button', { name: /^End/ }),
    );
    expect(await screen.findByText('Session not found')).toBeInTheDocument();
    expect(screen.queryByText('Session ended')).not.toBeInTheDocument();
  });

  it('shows a spinner while the sessions load', async () => {
    renderSecurity(() => new Promise<never>(() => {}));
    expect(await screen.findByRole('status', { name: 'Loading sessions' })).toBeInTheDocument();
  });

  it('says when the sessions cannot be loaded and tries again', async () => {
    const { api } = renderSecurity({ status: 500, body: { detail: 'Database unavailable' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the sessions: Database unavailable',
    );
    api.set(SESSIONS, { body: { data: [THIS_ONE] } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Chrome 131 on Linux')).toBeInTheDocument();
  });

  it('says when there are no sessions', async () => {
    renderSecurity({ body: { data: [] } });
    expect(await screen.findByText('No active sessions')).toBeInTheDocument();
  });

  it('goes back to settings when opened first', async () => {
    const { router } = renderSecurity();
    await userEvent.click(await screen.findByRole('button', { name: /Back/ }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });
});

const ON_SINCE = '2026-03-01T10:20:30.000Z';
const onStatus = (overrides: Parameters<typeof twoFactorStatus>[0] = {}) =>
  twoFactorStatus({ enabled: true, enabledAt: ON_SINCE, recoveryCodesLeft: 10, ...overrides });

const twoFactorSection = async () => screen.findByRole('region', { name: 'Two-factor sign-in' });

const codeField = () => screen.getByRole('textbox', { name: 'Code' });

describe('two-factor sign-in', () => {
  it('comes above the sessions, off until it is set up', async () => {
    renderSecurity();
    const section = await twoFactorSection();
    expect(await within(section).findByText('Off')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Set up' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Two-factor sign-in', 'Sessions']);
  });

  /** Set up, then the current password and Continue, as a person does. */
  const startSetUp = async (
    user: ReturnType<typeof userEvent.setup>,
    section: HTMLElement,
    password = 'my-password',
  ) => {
    await user.click(await within(section).findByRole('button', { name: 'Set up' }));
    await user.type(within(section).getByLabelText('Current password'), password);
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
  };

  it('asks for the current password before a set-up, and says a wrong one under the field', async () => {
    const user = userEvent.setup();
    const { api } = renderSecurity();
    const section = await twoFactorSection();
    await user.click(await within(section).findByRole('button', { name: 'Set up' }));
    const password = within(section).getByLabelText('Current password');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('type', 'password');

    // Nothing is sent without a password.
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    expect(password).toHaveAccessibleDescription('Enter your password');
    expect(api.calls).not.toContain(ENROL);

    api.set(ENROL, { status: 400, body: { detail: 'Current password is incorrect' } });
    await user.type(password, 'wrong-one');
    await user.click(within(section).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(within(section).getByLabelText('Current password')).toHaveAccessibleDescription(
        'Current password is incorrect',
      ),
    );
    expect(await api.bodiesOf(ENROL)).toEqual([{ currentPassword: 'wrong-one' }]);
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).getByRole('button', { name: 'Set up' })).toBeInTheDocument();
  });

  it('is set up: QR code and key, a first code, the recovery codes once, then on', async () => {
    const user = userEvent.setup();
    const { api } = renderSecurity();
    const section = await twoFactorSection();
    api.set(ENROL, { body: { data: ENROLMENT } });
    await startSetUp(user, section);
    expect(await api.bodiesOf(ENROL)).toEqual([{ currentPassword: 'my-password' }]);

    const qr = await within(section).findByRole('img', {
      name: 'QR code for your authenticator app',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(section).getByText(GROUPED_SECRET)).toBeInTheDocument();
    expect(codeField()).toHaveFocus();

    const codes = recoveryCodes('n');
    api.set(CONFIRM, () => {
      api.set(TWO_FACTOR, { body: { data: onStatus() } });
      return { body: { data: { recoveryCodes: codes } } };
    });
    await user.type(codeField(), '123456');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByText('Two-factor sign-in is on')).toBeInTheDocument();
    expect(await api.bodiesOf(CONFIRM)).toEqual([{ code: '123456' }]);
    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(
      await within(section).findByText('On since 01/03/2026 10:20:30 UTC'),
    ).toBeInTheDocument();

    const done = within(section).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(within(section).getByRole('checkbox', { name: 'I have saved these codes' }));
    await user.click(done);
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(within(section).getByText('Recovery codes left: 10')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Two-factor sign-in' })).toHaveFocus();
  });

  it('shows a wrong first code under the field and stays off', async () => {
    const user = userEvent.setup();
    const { api } = renderSecurity();
    const section = await twoFactorSection();
    api.set(ENROL, { body: { data: ENROLMENT } });
    api.set(CONFIRM, WRONG_CODE);
    await startSetUp(user, section);
    await user.type(await within(section).findByRole('textbox', { name: 'Code' }), '000000');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(codeField()).toHaveAccessibleDescription(
        expect.stringContaining(WRONG_CODE.body.detail),
      ),
    );
    expect(screen.queryByText('Two-factor sign-in is on')).not.toBeInTheDocument();
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('toasts why the set-up cannot start', async () => {
    const user = userEvent.setup();
    const { api } = renderSecurity();
    const section = await twoFactorSection();
    api.set(ENROL, { status: 409, body: { detail: 'Two-factor sign-in is already on' } });
    await startSetUp(user, section);
    expect(await screen.findByText('Two-factor sign-in is already on')).toBeInTheDocument();
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
  });

  it('asks a code to turn it off, then says it is off', async () => {
    const user = userEvent.setup();
    const { api } = renderSecurity(undefined, { body: { data: onStatus() } });
    const section = await twoFactorSection();
    await user.click(await within(section).findByRole('button', { name: 'Turn off' }));
    expect(codeField()).toHaveFocus();
    expect(codeField()).toHaveAccessibleDescription(
      'Enter the 6-digit code from your authenticator app, or one of your recovery codes',
    );

    // Nothing is sent without a code, and a wrong one is said under the field.
    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(codeField()).toHaveAccessibleDescription(expect.stringContaining('Enter the code'));
    api.set(DISABLE, WRONG_CODE);
    await user.type(codeField(), '111111');
    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(codeField()).toHaveAccessibleDescription(
        expect.stringContaining(WRONG_CODE.body.detail),
      ),
    );

    api.set(DISABLE, () => {
      api.set(TWO_FACTOR, { body: { data: twoFactorStatus() } });
      return { body: { data: { ok: true } } };
    });
    await user.clear(codeField());
    await user.type(codeField(), '222222');
    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor sign-in is off')).toBeInTheDocument();
    expect(await api.bodiesOf(DISABLE)).toEqual([{ code: '111111' }, { code: '222222' }]);
    expect(await within(section).findByRole('button', { name: 'Set up' })).toBeInTheDocument();
    expect(within(section).getByText('Off')).toBeInTheDocument();
  });

  it('cancels turning off without sending anything', async () => {
    const user = userEvent.setup();
    const { api } = renderSecurity(undefined, { body: { data: onStatus() } });
    const section = await twoFactorSection();
    await user.click(await within(section).findByRole('button', { name: 'Turn off' }));
    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(api.calls).not.toContain(DISABLE);
  });

  it('offers no turning off when the role requires it, and says why', async () => {
    renderSecurity(undefined, { body: { data: onStatus({ required: true }) } });
    const section = await twoFactorSection();
    expect(await within(section).findByText('Required by your role')).toBeInTheDocument();
    expect(within(section).getByText(/^On since/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(
      within(section).getByText(
        'Your role requires two-factor sign-in, so it cannot be turned off.',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
  });

  it('issues new recovery codes after a code, and shows them once', async () => {
    const user = userEvent.setup();
    const { api } = renderSecurity(undefined, {
      body: { data: onStatus({ recoveryCodesLeft: 2 }) },
    });
    const section = await twoFactorSection();
    expect(await within(section).findByText('Recovery codes left: 2')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'New recovery codes' }));

    const codes = recoveryCodes('x');
    api.set(NEW_CODES, () => {
      api.set(TWO_FACTOR, { body: { data: onStatus({ recoveryCodesLeft: 10 }) } });
      return { body: { data: { recoveryCodes: codes } } };
    });
    // A recovery code proves it as well as the app's code.
    await user.type(codeField(), 'a1m2p-9xq4t');
    await user.click(within(section).getByRole('button', { name: 'Issue new codes' }));

    expect(await screen.findByText('New recovery codes issued')).toBeInTheDocument();
    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(await api.bodiesOf(NEW_CODES)).toEqual([{ code: 'a1m2p-9xq4t' }]);
    expect(await within(section).findByText('Recovery codes left: 10')).toBeInTheDocument();
    await user.click(within(section).getByRole('checkbox', { name: 'I have saved these codes' }));
    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByText(codes[0] ?? '')).not.toBeInTheDocument();
  });

  it('shows a spinner while the status loads', async () => {
    renderSecurity(undefined, () => new Promise<never>(() => {}));
    expect(
      await screen.findByRole('status', { name: 'Loading two-factor sign-in' }),
    ).toBeInTheDocument();
  });

  it('says when the status cannot be loaded and tries again', async () => {
    const { api } = renderSecurity(undefined, {
      status: 500,
      body: { detail: 'Database unavailable' },
    });
    const section = await twoFactorSection();
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Could not load two-factor sign-in: Database unavailable',
    );
    api.set(TWO_FACTOR, { body: { data: onStatus() } });
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText(/^On since/)).toBeInTheDocument();
  });
});
