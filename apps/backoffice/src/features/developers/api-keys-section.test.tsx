import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderDevelopers } from './developers-render.tsx';
import {
  API_KEYS,
  apiKey,
  CREATE_KEY,
  callsTo,
  data,
  developersApi,
  findTableNamed,
  KEYS,
  KEYS_AND_BALANCES,
  openDialog,
  problem,
  REVOKED_KEY,
  rowAround,
} from './developers-test-kit.ts';

afterEach(() => vi.unstubAllGlobals());

const findTable = () => findTableNamed('API keys');

const rowOf = async (label: string) =>
  rowAround(within(await findTable()).getByRole('cell', { name: label }));

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

const openCreate = () => openDialog('Create API key');

describe('API keys list', () => {
  it('shows label, public key, scopes, created, creator, last use and status, newest first', async () => {
    const api = developersApi();
    renderDevelopers();
    expect(await screen.findByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'API keys' })).toBeInTheDocument();
    const table = await findTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Label',
      'Public key',
      'Scopes',
      'Created',
      'Created by',
      'Last used',
      'Status',
      'Actions',
    ]);
    expect(cellTexts(await rowOf('Shop server'))).toEqual([
      'Shop server',
      'pk_live_4f2a',
      'Read invoices and events, Create invoices',
      '01/03/2026 10:00:00',
      'owner',
      '05/03/2026 14:07:09',
      'Active',
      'Revoke',
    ]);
    const revoked = await rowOf('Old CI');
    expect(cellTexts(revoked)).toEqual([
      'Old CI',
      'pk_live_0ld',
      'Read invoices and events',
      '02/01/2026 08:00:00',
      '—',
      'Never',
      'Revoked01/02/2026 09:30:00',
      '',
    ]);
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
    // A merchant user's own merchant: no merchantId is sent.
    expect(callsTo(api.calls, API_KEYS)).toEqual([API_KEYS]);
  });

  it('shows a spinner while the keys load', async () => {
    developersApi(KEYS, { [API_KEYS]: () => new Promise<never>(() => {}) });
    renderDevelopers();
    expect(await screen.findByRole('status', { name: 'Loading API keys' })).toBeInTheDocument();
  });

  it('says when there is no key yet', async () => {
    developersApi(KEYS, { [API_KEYS]: data([]) });
    renderDevelopers();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeEnabled();
  });

  it('says why the keys cannot be loaded and tries again', async () => {
    const api = developersApi(KEYS, { [API_KEYS]: problem(500, 'Database unavailable') });
    renderDevelopers();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the API keys: Database unavailable',
    );
    api.set(API_KEYS, data([apiKey()]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Shop server')).toBeInTheDocument();
  });
});

describe('Create API key', () => {
  it('explains what is missing and sends nothing', async () => {
    const user = userEvent.setup();
    const api = developersApi();
    renderDevelopers();
    const dialog = await openCreate();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('textbox', { name: /^Label/ })).toHaveAccessibleDescription(
      expect.stringContaining('Label is required'),
    );
    expect(within(dialog).getByText('Choose at least one scope')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Scopes' })).toHaveAccessibleDescription(
      'Choose at least one scope',
    );

    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('textbox', { name: /^Label/ })).toHaveAccessibleDescription(
      expect.stringContaining('Label is required'),
    );
    expect(callsTo(api.calls, CREATE_KEY)).toEqual([]);
  });

  it('takes a label of 64 emoji: the field cuts nothing the rule allows', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS, {
      [CREATE_KEY]: { status: 201, body: { data: { ...apiKey(), secret: 'sk' } } },
    });
    renderDevelopers();
    const dialog = await openCreate();
    const label = within(dialog).getByRole('textbox', { name: /^Label/ });
    await user.click(label);
    await user.paste('a'.repeat(65));
    await user.click(within(dialog).getByRole('checkbox', { name: /Create invoices/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(label).toHaveAccessibleDescription(
      expect.stringContaining('Label must be at most 64 characters long'),
    );
    expect(callsTo(api.calls, CREATE_KEY)).toEqual([]);

    // Each emoji is two UTF-16 units, what an input's maxlength counts.
    await user.clear(label);
    await user.paste('😀'.repeat(64));
    expect(label).toHaveValue('😀'.repeat(64));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await api.bodiesOf(CREATE_KEY)).toEqual([
      { label: '😀'.repeat(64), scopes: ['invoices:write'] },
    ]);
  });

  it('shows the secret once, then the list shows the key without it', async () => {
    const user = userEvent.setup();
    const created = apiKey({
      id: 5,
      label: 'Checkout',
      publicKey: 'pk_live_new',
      scopes: ['invoices:write'],
      createdAt: '2026-03-06T09:00:00.000Z',
      createdBy: 'tester',
      lastUsedAt: null,
    });
    const api = developersApi(KEYS_AND_BALANCES, {
      [CREATE_KEY]: { status: 201, body: { data: { ...created, secret: 'sk_live_only_once' } } },
    });
    renderDevelopers();
    await findTable();
    const dialog = await openCreate();
    // Labels come from API_KEY_SCOPE_LABELS, with the scope itself.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual([
      'Read invoices and events invoices:read',
      'Create invoices invoices:write',
      'Read balances and balance transactions balance:read',
    ]);
    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), ' Checkout ');
    await user.click(within(dialog).getByRole('checkbox', { name: /Create invoices/ }));
    api.set(API_KEYS, data([created, apiKey(), REVOKED_KEY]));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await api.bodiesOf(CREATE_KEY)).toEqual([
      { label: 'Checkout', scopes: ['invoices:write'] },
    ]);
    expect(await screen.findByText('API key created')).toBeInTheDocument();
    const secretDialog = await screen.findByRole('dialog', { name: 'API key Checkout' });
    expect(screen.queryByRole('dialog', { name: 'Create API key' })).not.toBeInTheDocument();
    expect(secretDialog).toHaveAccessibleDescription(
      expect.stringContaining('it will not be shown again'),
    );
    expect(within(secretDialog).getByText('sk_live_only_once')).toBeInTheDocument();
    expect(within(secretDialog).getByText('pk_live_new')).toBeInTheDocument();
    await user.click(within(secretDialog).getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe('sk_live_only_once');

    await user.click(
      within(secretDialog).getByRole('button', { name: 'I have stored the secret' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list was fetched again after the creation: the new key, and its secret nowhere.
    expect(await rowOf('Checkout')).toBeInTheDocument();
    expect(callsTo(api.calls, API_KEYS)).toHaveLength(2);
    expect(screen.queryByText('sk_live_only_once')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('sk_live_only_once');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create API key' })).toHaveFocus(),
    );
  });

  it('creates a key that reads balances besides invoices and lists it by its labels', async () => {
    const user = userEvent.setup();
    const created = apiKey({
      id: 6,
      label: 'Reconciliation',
      publicKey: 'pk_live_btx',
      scopes: ['invoices:read', 'balance:read'],
      lastUsedAt: null,
    });
    const api = developersApi(KEYS_AND_BALANCES, {
      [CREATE_KEY]: { status: 201, body: { data: { ...created, secret: 'sk_balance' } } },
    });
    renderDevelopers();
    await findTable();
    const dialog = await openCreate();
    const balances = within(dialog).getByRole('checkbox', {
      name: 'Read balances and balance transactions balance:read',
    });
    expect(balances).not.toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'Reconciliation');
    // Chosen out of order, sent in the order of the list.
    await user.click(balances);
    await user.click(within(dialog).getByRole('checkbox', { name: /Read invoices/ }));
    expect(balances).toBeChecked();
    api.set(API_KEYS, data([created, apiKey(), REVOKED_KEY]));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await api.bodiesOf(CREATE_KEY)).toEqual([
      { label: 'Reconciliation', scopes: ['invoices:read', 'balance:read'] },
    ]);
    const secretDialog = await screen.findByRole('dialog', { name: 'API key Reconciliation' });
    await user.click(
      within(secretDialog).getByRole('button', { name: 'I have stored the secret' }),
    );
    expect(cellTexts(await rowOf('Reconciliation')).slice(0, 3)).toEqual([
      'Reconciliation',
      'pk_live_btx',
      'Read invoices and events, Read balances and balance transactions',
    ]);
  });

  it('creates a key with balance:read alone', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS_AND_BALANCES, {
      [CREATE_KEY]: { status: 201, body: { data: { ...apiKey(), secret: 'sk' } } },
    });
    renderDevelopers();
    const dialog = await openCreate();
    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'Ledger job');
    await user.click(within(dialog).getByRole('checkbox', { name: /balance:read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await api.bodiesOf(CREATE_KEY)).toEqual([
      { label: 'Ledger job', scopes: ['balance:read'] },
    ]);
  });

  it('offers balance:read only to a person who may read balances, and says why', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS, {
      [CREATE_KEY]: { status: 201, body: { data: { ...apiKey(), secret: 'sk' } } },
    });
    renderDevelopers();
    const dialog = await openCreate();
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Read invoices and events invoices:read', 'Create invoices invoices:write']);
    expect(
      within(dialog).getByText(
        'Read balances and balance transactions (balance:read) is not offered: giving it needs the report.read.balance permission.',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'Shop');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read invoices/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await api.bodiesOf(CREATE_KEY)).toEqual([{ label: 'Shop', scopes: ['invoices:read'] }]);
  });

  it('sends the merchant chosen by an administrator', async () => {
    const user = userEvent.setup();
    const api = developersApi(['merchant.keys', 'merchant.rw.all'], {
      [CREATE_KEY]: { status: 201, body: { data: { ...apiKey(), secret: 'sk' } } },
    });
    renderDevelopers();
    await findTable();
    expect(callsTo(api.calls, API_KEYS)).toEqual([`${API_KEYS}?merchantId=3`]);
    const dialog = await openCreate();
    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'Ops');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read invoices/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByRole('dialog', { name: 'API key Shop server' });
    expect(await api.bodiesOf(CREATE_KEY)).toEqual([
      { merchantId: 3, label: 'Ops', scopes: ['invoices:read'] },
    ]);
  });

  it("keeps the dialog open with the server's reason when it refuses", async () => {
    const user = userEvent.setup();
    developersApi(KEYS, { [CREATE_KEY]: problem(409, 'A merchant has at most 20 API keys') });
    renderDevelopers();
    const dialog = await openCreate();
    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'One more');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read invoices/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A merchant has at most 20 API keys',
    );
    expect(screen.queryByRole('dialog', { name: /^API key/ })).not.toBeInTheDocument();
  });
  it('closes on a click beside it only while nothing is typed; Escape closes it anyway', async () => {
    const user = userEvent.setup();
    developersApi();
    renderDevelopers();
    await findTable();
    const clickBeside = (dialog: HTMLElement) => user.click(dialog.parentElement as HTMLElement);

    await clickBeside(await openCreate());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    let dialog = await openCreate();
    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'Checkout');
    await clickBeside(dialog);
    expect(screen.getByRole('dialog', { name: 'Create API key' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Label/ })).toHaveValue('Checkout');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A chosen scope is typed data too.
    dialog = await openCreate();
    await user.click(within(dialog).getByRole('checkbox', { name: /Read invoices/ }));
    await clickBeside(dialog);
    expect(screen.getByRole('dialog', { name: 'Create API key' })).toBeInTheDocument();
  });
});

describe('Revoke', () => {
  it('asks first, then revokes the key and refreshes the list', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS, {
      'POST /api/v1/developers/api-keys/4/revoke': data(
        apiKey({ revokedAt: '2026-03-06T10:00:00.000Z' }),
      ),
    });
    renderDevelopers();
    await user.click(await screen.findByRole('button', { name: 'Revoke key Shop server' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(confirm).toHaveTextContent(
      'Revoke key Shop server? Requests signed with it will be refused at once.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((call) => call.includes('/revoke'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke key Shop server' }));
    api.set(API_KEYS, data([apiKey({ revokedAt: '2026-03-06T10:00:00.000Z' }), REVOKED_KEY]));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke API key' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    expect(await screen.findByText('Key Shop server revoked')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.includes('/revoke'))).toEqual([
      'POST /api/v1/developers/api-keys/4/revoke',
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Revoke key Shop server' }),
      ).not.toBeInTheDocument(),
    );
    expect(within(await rowOf('Shop server')).getByText('Revoked')).toBeInTheDocument();
  });

  it("shows the server's refusal in the confirmation", async () => {
    const user = userEvent.setup();
    developersApi(KEYS, {
      'POST /api/v1/developers/api-keys/4/revoke': problem(404, 'No such API key'),
    });
    renderDevelopers();
    await user.click(await screen.findByRole('button', { name: 'Revoke key Shop server' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('No such API key');
  });
});
