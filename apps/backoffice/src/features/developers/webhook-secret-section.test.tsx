import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../testing/fake-api.ts';
import { renderDevelopers } from './developers-render.tsx';
import {
  CURRENT_SECRET,
  callsTo,
  data,
  developersApi,
  KEYS,
  KEYS_ALL,
  problem,
  REVEAL,
  ROTATE,
  SECRETS,
} from './developers-test-kit.ts';

afterEach(() => vi.unstubAllGlobals());

const URL = '/developers?tab=webhook-secret';

const openRotate = async () => {
  const rotate = await screen.findByRole('button', { name: 'Rotate' });
  // Enabled once the secrets are listed.
  await waitFor(() => expect(rotate).toBeEnabled());
  await userEvent.click(rotate);
  return screen.findByRole('dialog', { name: 'Rotate the webhook signing secret' });
};

const graceField = (dialog: HTMLElement) =>
  within(dialog).getByRole('spinbutton', { name: /^Grace period \(hours\)/ });

describe('webhook signing secret', () => {
  it("shows the current secret's hint and the rotated ones still signing", async () => {
    const api = developersApi();
    renderDevelopers(URL);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Webhook signing secret' }),
    ).toBeInTheDocument();
    await screen.findByText(CURRENT_SECRET.hint);
    const items = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Currentwhsec_…Xy3Qcreated 04/03/2026 12:00:00',
      'Still signingwhsec_…Ab12created 01/01/2026 00:00:00, expires 05/03/2026 12:00:00',
    ]);
    expect(screen.getByRole('button', { name: 'Reveal' })).toHaveAccessibleDescription(
      'Revealing the secret is recorded in the audit log.',
    );
    expect(callsTo(api.calls, SECRETS)).toEqual([SECRETS]);
  });

  it('shows a spinner, then says when there is no secret yet', async () => {
    let answer = (_value: FakeAnswer) => {};
    const api = developersApi(KEYS, {
      [SECRETS]: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderDevelopers(URL);
    expect(
      await screen.findByRole('status', { name: 'Loading the webhook signing secret' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(callsTo(api.calls, SECRETS)).toHaveLength(1));
    answer(data([]));
    expect(await screen.findByText('No signing secret yet: Rotate makes one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reveal' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Rotate' })).toBeEnabled();
  });

  it('says why the secret cannot be loaded', async () => {
    developersApi(KEYS, { [SECRETS]: problem(500, 'Database unavailable') });
    renderDevelopers(URL);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the webhook signing secret: Database unavailable',
    );
  });

  it('reveals the secret with a copy button, saying the reveal is audited', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS_ALL, { [REVEAL]: data({ secret: 'whsec_revealed_Xy3Q' }) });
    renderDevelopers(URL);
    await screen.findByText(CURRENT_SECRET.hint);
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook signing secret' });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('Revealing the secret is recorded in the audit log.'),
    );
    expect(within(dialog).getByText('whsec_revealed_Xy3Q')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy webhook signing secret' }));
    expect(await navigator.clipboard.readText()).toBe('whsec_revealed_Xy3Q');
    expect(await api.bodiesOf(REVEAL)).toEqual([{ merchantId: 3 }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('whsec_revealed_Xy3Q')).not.toBeInTheDocument();
  });

  it('toasts why the secret could not be revealed', async () => {
    const user = userEvent.setup();
    developersApi(KEYS, { [REVEAL]: problem(403, 'Not allowed') });
    renderDevelopers(URL);
    await screen.findByText(CURRENT_SECRET.hint);
    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('Could not reveal the secret: Not allowed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Rotate', () => {
  it('explains the grace period, checks it, and sends graceHours', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS, {
      [ROTATE]: data({ secret: 'whsec_new_secret', previousExpiresAt: '2026-03-07T10:00:00.000Z' }),
    });
    renderDevelopers(URL);
    const dialog = await openRotate();
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('During the grace period callbacks carry signatures of both secrets'),
    );
    // WEBHOOK_SECRET_GRACE_HOURS_DEFAULT unless changed.
    expect(graceField(dialog)).toHaveValue(24);

    await user.clear(graceField(dialog));
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(graceField(dialog)).toHaveAccessibleDescription(
      expect.stringContaining('Enter the grace period in hours'),
    );
    await user.type(graceField(dialog), '169');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(graceField(dialog)).toHaveAccessibleDescription(
      expect.stringContaining('The grace period is 0 to 168 hours'),
    );
    expect(callsTo(api.calls, ROTATE)).toEqual([]);

    await user.clear(graceField(dialog));
    await user.type(graceField(dialog), '48');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText('Webhook signing secret rotated')).toBeInTheDocument();
    expect(await api.bodiesOf(ROTATE)).toEqual([{ graceHours: 48 }]);

    const shown = await screen.findByRole('dialog', { name: 'New webhook signing secret' });
    expect(shown).toHaveAccessibleDescription(expect.stringContaining('will not be shown again'));
    expect(within(shown).getByText('whsec_new_secret')).toBeInTheDocument();
    expect(shown).toHaveTextContent(
      'Callbacks carry signatures of both secrets until 07/03/2026 10:00:00 UTC',
    );
    // The list is fetched again.
    await waitFor(() => expect(callsTo(api.calls, SECRETS)).toHaveLength(2));
    await user.click(within(shown).getByRole('button', { name: 'I have stored the secret' }));
    expect(screen.queryByText('whsec_new_secret')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rotate' })).toHaveFocus());
  });

  it('sends 0 hours and the chosen merchant', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS_ALL, {
      [ROTATE]: data({ secret: 'whsec_now', previousExpiresAt: null }),
    });
    renderDevelopers(URL);
    const dialog = await openRotate();
    await user.clear(graceField(dialog));
    await user.type(graceField(dialog), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'New webhook signing secret' });
    expect(shown).toHaveTextContent('Only the new secret signs callbacks from now on.');
    expect(await api.bodiesOf(ROTATE)).toEqual([{ merchantId: 3, graceHours: 0 }]);
  });

  it("keeps the dialog open with the server's reason when it refuses", async () => {
    const user = userEvent.setup();
    developersApi(KEYS, { [ROTATE]: problem(429, 'Rotated too often, try again later') });
    renderDevelopers(URL);
    const dialog = await openRotate();
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Rotated too often, try again later',
    );
  });
});
