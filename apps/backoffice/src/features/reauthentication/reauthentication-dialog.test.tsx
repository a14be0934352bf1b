import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, problem } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { renderDevelopers } from '../developers/developers-render.tsx';
import {
  apiKey,
  CREATE_KEY,
  developersApi,
  KEYS,
  openDialog,
} from '../developers/developers-test-kit.ts';
import { UserDetailsPage } from '../users/user-details-page.tsx';
import { MANAGE_ALL, PASSWORD_LINK, staffUser, usersApi } from '../users/users-test-kit.ts';

const REAUTHENTICATE = 'POST /api/v1/reauthentication';
const DEACTIVATE = 'PATCH /api/v1/users/11';
const REFUSAL_DETAIL = 'Confirm it is you: enter your password to continue';

const twoFactorStatus = (enabled: boolean) => ({
  body: {
    data: {
      enabled,
      enabledAt: enabled ? '2026-01-01T00:00:00.000Z' : null,
      required: false,
      recoveryCodesLeft: enabled ? 10 : 0,
    },
  },
});

/** The first `refusals` answers refuse with reauthentication_required, the later ones `answer`. */
const refusedFirst = (answer: FakeAnswer, refusals = 1): FakeAnswer => {
  let calls = 0;
  return () => {
    calls += 1;
    return calls <= refusals
      ? { status: 403, body: problem(403, REFUSAL_DETAIL, 'reauthentication_required') }
      : answer;
  };
};

const renderDetails = (routes: Record<string, FakeAnswer> = {}, twoFactor = false) => {
  const api = usersApi(MANAGE_ALL, {
    'GET /api/v1/two-factor': twoFactorStatus(twoFactor),
    [DEACTIVATE]: refusedFirst({ body: { data: staffUser({ enabled: false }) } }),
    [REAUTHENTICATE]: { body: { data: { ok: true } } },
    ...routes,
  });
  const view = renderScreen('/users/11', { path: '/users/:id', element: <UserDetailsPage /> });
  return { api, ...view };
};

const count = (calls: readonly string[], route: string) =>
  calls.filter((call) => call === route).length;

/** Deactivate, confirmed: the server refuses it until the person confirms who they are. */
const deactivate = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
  const confirm = await screen.findByRole('dialog', { name: 'Deactivate aziz?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
  return { confirm, prompt: await screen.findByRole('dialog', { name: 'Confirm it is you' }) };
};

afterEach(() => vi.unstubAllGlobals());

describe('confirming who one is before a security action', () => {
  it('asks for the password when the server refuses, then sends the action again', async () => {
    const { api } = renderDetails();
    const { prompt } = await deactivate();

    expect(prompt).toHaveAccessibleDescription(
      'This action changes who can do what. Enter your password to continue.',
    );
    const password = within(prompt).getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveFocus();
    await waitFor(() => expect(api.calls).toContain('GET /api/v1/two-factor'));
    expect(within(prompt).queryByLabelText(/Code from your authenticator app/)).toBeNull();

    await userEvent.type(password, 'admin-demo{Enter}');

    expect(await screen.findByText('User deactivated')).toBeInTheDocument();
    expect(await api.bodiesOf(REAUTHENTICATE)).toEqual([{ password: 'admin-demo' }]);
    expect(await api.bodiesOf(DEACTIVATE)).toEqual([{ enabled: false }, { enabled: false }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for nothing until the server refuses', async () => {
    const { api } = renderDetails({ [DEACTIVATE]: { body: { data: staffUser() } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate aziz?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull();
    expect(api.calls).not.toContain('GET /api/v1/two-factor');
  });

  it('says a password is needed before sending anything', async () => {
    const { api } = renderDetails();
    const { prompt } = await deactivate();
    await userEvent.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    expect(await within(prompt).findByText('Enter your password')).toBeInTheDocument();
    expect(count(api.calls, REAUTHENTICATE)).toBe(0);
  });

  it("shows a wrong password's refusal in the dialog, which stays open", async () => {
    const { api } = renderDetails({
      [REAUTHENTICATE]: {
        status: 400,
        body: problem(400, 'Current password is incorrect', 'wrong_current_password'),
      },
    });
    const { prompt } = await deactivate();
    const password = within(prompt).getByLabelText(/^Password/);
    await userEvent.type(password, 'wrong');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Confirm' }));

    expect(await within(prompt).findByRole('alert')).toHaveTextContent(
      'Current password is incorrect',
    );
    expect(screen.getByRole('dialog', { name: 'Confirm it is you' })).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(count(api.calls, DEACTIVATE)).toBe(1);

    // The right password then lets the action through.
    api.set(REAUTHENTICATE, { body: { data: { ok: true } } });
    await userEvent.clear(password);
    await userEvent.type(password, 'admin-demo{Enter}');
    expect(await screen.findByText('User deactivated')).toBeInTheDocument();
    expect(count(api.calls, DEACTIVATE)).toBe(2);
  });

  it('shows when too many tries were made', async () => {
    renderDetails({
      [REAUTHENTICATE]: {
        status: 429,
        headers: { 'retry-after': '600' },
        body: problem(429, 'Too many attempts. Try again in 10 minutes.', 'too_many_attempts'),
      },
    });
    const { prompt } = await deactivate();
    await userEvent.type(within(prompt).getByLabelText(/^Password/), 'admin-demo{Enter}');
    expect(await within(prompt).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 10 minutes.',
    );
    expect(screen.getByRole('dialog', { name: 'Confirm it is you' })).toBeInTheDocument();
  });

  it('asks for the code too when two-factor sign-in is on, and sends it', async () => {
    const { api } = renderDetails(
      {
        [REAUTHENTICATE]: {
          status: 400,
          body: problem(400, 'The code is not valid', 'two_factor_code_invalid'),
        },
      },
      true,
    );
    const { prompt } = await deactivate();
    const code = await within(prompt).findByLabelText(/Code from your authenticator app/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).not.toHaveAttribute('pattern');
    const password = within(prompt).getByLabelText(/^Password/);

    await userEvent.type(password, 'admin-demo');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(prompt).findByText('Enter the code from your authenticator app'),
    ).toBeInTheDocument();
    expect(count(api.calls, REAUTHENTICATE)).toBe(0);

    await userEvent.type(code, '123456{Enter}');
    expect(await within(prompt).findByRole('alert')).toHaveTextContent('The code is not valid');
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();

    // A recovery code is taken as typed (not only digits).
    api.set(REAUTHENTICATE, { body: { data: { ok: true } } });
    await userEvent.type(code, ' abcd-efgh {Enter}');
    expect(await screen.findByText('User deactivated')).toBeInTheDocument();
    expect(await api.bodiesOf(REAUTHENTICATE)).toEqual([
      { password: 'admin-demo', code: '123456' },
      { password: 'admin-demo', code: 'abcd-efgh' },
    ]);
  });

  it('cancels: the dialog closes and the action shows its refusal', async () => {
    const { api } = renderDetails();
    const { prompt } = await deactivate();
    await userEvent.click(within(prompt).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull();
    // The users screen toasts a refused action.
    expect(await screen.findByText(REFUSAL_DETAIL)).toBeInTheDocument();
    expect(screen.queryByText('User deactivated')).toBeNull();
    expect(count(api.calls, DEACTIVATE)).toBe(1);
    expect(count(api.calls, REAUTHENTICATE)).toBe(0);
  });

  it('cancels on Escape', async () => {
    const { api } = renderDetails();
    await deactivate();
    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull();
    expect(await screen.findByText(REFUSAL_DETAIL)).toBeInTheDocument();
    expect(count(api.calls, DEACTIVATE)).toBe(1);
  });

  it('starts empty at the next prompt', async () => {
    renderDetails({
      'POST /api/v1/users/11/password-reset': refusedFirst({ body: { data: PASSWORD_LINK } }),
    });
    const { prompt } = await deactivate();
    await userEvent.type(within(prompt).getByLabelText(/^Password/), 'typed');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    await screen.findByText(REFUSAL_DETAIL);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(await screen.findByRole('button', { name: 'Reset password' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset the password of aziz?' });
    await userEvent.click(within(reset).getByRole('button', { name: 'Reset password' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(again).getByLabelText(/^Password/)).toHaveValue('');
    expect(within(again).queryByRole('alert')).toBeNull();
    await userEvent.type(within(again).getByLabelText(/^Password/), 'admin-demo{Enter}');
    expect(
      await screen.findByRole('dialog', { name: 'Set-password link for aziz' }),
    ).toBeInTheDocument();
  });

  it('lets a form dialog underneath keep what was typed: Escape closes only the confirmation', async () => {
    const user = userEvent.setup();
    const created = apiKey({ id: 5, label: 'Checkout', scopes: ['invoices:write'] });
    const api = developersApi(KEYS, {
      'GET /api/v1/two-factor': twoFactorStatus(false),
      [REAUTHENTICATE]: { body: { data: { ok: true } } },
      [CREATE_KEY]: refusedFirst(
        {
          status: 201,
          body: { data: { ...created, secret: 'sk_live_only_once' } },
        },
        2,
      ),
    });
    renderDevelopers();
    const dialog = await openDialog('Create API key');
    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'Checkout');
    await user.click(within(dialog).getByRole('checkbox', { name: /Create invoices/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REFUSAL_DETAIL);
    expect(within(dialog).getByRole('textbox', { name: /^Label/ })).toHaveValue('Checkout');

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(prompt).getByLabelText(/^Password/), 'merchant-demo');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('API key created')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'API key Checkout' })).toBeInTheDocument();
    expect(await api.bodiesOf(CREATE_KEY)).toHaveLength(3);
    expect(await api.bodiesOf(REAUTHENTICATE)).toEqual([{ password: 'merchant-demo' }]);
  });
});
