import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDateTimeText } from './developer-forms.ts';
import { renderDevelopers } from './developers-render.tsx';
import {
  CREATE_ENDPOINT,
  callsTo,
  data,
  developersApi,
  ENDPOINTS,
  endpoint,
  FAILING_ENDPOINT,
  findTableNamed,
  KEYS,
  KEYS_ALL,
  openDialog,
  problem,
  rowAround,
} from './developers-test-kit.ts';

afterEach(() => vi.unstubAllGlobals());

const URL = '/developers?tab=endpoints';
const PATCH = 'PATCH /api/v1/developers/webhook-endpoints/9';

const findTable = () => findTableNamed('Webhook endpoints');

const rowOf = async (url: string) => rowAround(within(await findTable()).getByText(url));

const openAdd = () => openDialog('Add endpoint');

describe('webhook endpoints list', () => {
  it('shows URL, description, event types and status with the reason and the failure', async () => {
    developersApi();
    renderDevelopers(URL);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Webhook endpoints' }),
    ).toBeInTheDocument();
    const table = await findTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['URL', 'Description', 'Event types', 'Status', 'Actions']);
    const working = await rowOf('https://shop.example/hooks');
    const cells = within(working).getAllByRole('cell');
    expect(cells.slice(0, 4).map((cell) => cell.textContent)).toEqual([
      'https://shop.example/hooks',
      'Order updates',
      'invoice.doneinvoice.declined',
      'Enabled',
    ]);
    expect(
      within(working).getByRole('switch', { name: 'Enabled: https://shop.example/hooks' }),
    ).toBeChecked();

    const failing = await rowOf(FAILING_ENDPOINT.url);
    expect(
      within(failing)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual([
      'https://erp.example/in',
      '—',
      'invoice.created',
      'DisabledEvery delivery failed for 5 days⚠ Failing since 27/02/2026 06:00:00 UTC',
    ]);
    expect(within(failing).getByRole('switch')).not.toBeChecked();
  });

  it('shows a spinner, the empty state and a load failure', async () => {
    const api = developersApi(KEYS, { [ENDPOINTS]: () => new Promise<never>(() => {}) });
    const first = renderDevelopers(URL);
    expect(
      await screen.findByRole('status', { name: 'Loading webhook endpoints' }),
    ).toBeInTheDocument();
    first.unmount();

    api.set(ENDPOINTS, data([]));
    const second = renderDevelopers(URL);
    expect(await screen.findByText('No webhook endpoints yet')).toBeInTheDocument();
    second.unmount();

    api.set(ENDPOINTS, problem(500, 'Database unavailable'));
    renderDevelopers(URL);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the webhook endpoints: Database unavailable',
    );
  });
});

describe('Add and Edit', () => {
  it('checks the URL, the description and the event types', async () => {
    const user = userEvent.setup();
    const api = developersApi();
    renderDevelopers(URL);
    const dialog = await openAdd();
    const url = within(dialog).getByRole('textbox', { name: /^URL/ });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(url).toHaveAccessibleDescription(expect.stringContaining('URL is required'));
    expect(within(dialog).getByText('Choose at least one event type')).toBeInTheDocument();

    await user.type(url, 'ftp://files.example/in');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(url).toHaveAccessibleDescription(
      expect.stringContaining('Enter a URL that starts with https:// or http://'),
    );
    await user.clear(url);
    await user.type(url, 'shop.example/hooks');
    expect(url).toHaveAccessibleDescription(
      expect.stringContaining('Enter a URL that starts with https:// or http://'),
    );
    // The server refuses credentials too: the form says so before sending.
    await user.clear(url);
    await user.type(url, 'https://user:secret@shop.example/hooks');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(url).toHaveAccessibleDescription(
      expect.stringContaining('URL must not contain a user name or password'),
    );
    expect(callsTo(api.calls, CREATE_ENDPOINT)).toEqual([]);
  });

  it('takes a description of 200 emoji: the field cuts nothing the rule allows', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS, {
      [CREATE_ENDPOINT]: { status: 201, body: { data: endpoint({ id: 11 }) } },
    });
    renderDevelopers(URL);
    const dialog = await openAdd();
    await user.type(
      within(dialog).getByRole('textbox', { name: /^URL/ }),
      'https://new.example/wh',
    );
    const description = within(dialog).getByRole('textbox', { name: /^Description/ });
    await user.click(description);
    // Each emoji is two UTF-16 units, what an input's maxlength counts.
    await user.paste('😀'.repeat(200));
    expect(description).toHaveValue('😀'.repeat(200));
    await user.click(within(dialog).getByRole('checkbox', { name: 'invoice.done' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await api.bodiesOf(CREATE_ENDPOINT)).toEqual([
      {
        url: 'https://new.example/wh',
        description: '😀'.repeat(200),
        eventTypes: ['invoice.done'],
      },
    ]);
  });

  it('adds an endpoint with the chosen types, for the chosen merchant, and refreshes the list', async () => {
    const user = userEvent.setup();
    const added = endpoint({ id: 11, url: 'https://new.example/wh', description: 'New' });
    const api = developersApi(KEYS_ALL, {
      [CREATE_ENDPOINT]: { status: 201, body: { data: added } },
    });
    renderDevelopers(URL);
    await findTable();
    const dialog = await openAdd();
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual([
      'invoice.created',
      'invoice.status_changed',
      'invoice.done',
      'invoice.declined',
      'invoice.canceled',
      'invoice.amount_changed',
    ]);
    await user.type(
      within(dialog).getByRole('textbox', { name: /^URL/ }),
      ' https://new.example/wh ',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'New');
    await user.click(within(dialog).getByRole('checkbox', { name: 'invoice.done' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'invoice.created' }));
    api.set(ENDPOINTS, data([added, endpoint(), FAILING_ENDPOINT]));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Endpoint added')).toBeInTheDocument();
    expect(await api.bodiesOf(CREATE_ENDPOINT)).toEqual([
      {
        merchantId: 3,
        url: 'https://new.example/wh',
        description: 'New',
        // In the order of WEBHOOK_EVENT_TYPES, not of the clicks.
        eventTypes: ['invoice.created', 'invoice.done'],
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await rowOf('https://new.example/wh')).toBeInTheDocument();
    expect(callsTo(api.calls, ENDPOINTS)).toEqual([
      `${ENDPOINTS}?merchantId=3`,
      `${ENDPOINTS}?merchantId=3`,
    ]);
  });

  it('edits an endpoint, starting from its values', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS, {
      [PATCH]: data(endpoint({ url: 'https://shop.example/v2/hooks' })),
    });
    renderDevelopers(URL);
    await user.click(
      await screen.findByRole('button', { name: 'Edit https://shop.example/hooks' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    const url = within(dialog).getByRole('textbox', { name: /^URL/ });
    expect(url).toHaveValue('https://shop.example/hooks');
    expect(within(dialog).getByRole('textbox', { name: /^Description/ })).toHaveValue(
      'Order updates',
    );
    expect(within(dialog).getByRole('checkbox', { name: 'invoice.done' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'invoice.declined' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'invoice.created' })).not.toBeChecked();

    await user.clear(url);
    await user.type(url, 'https://shop.example/v2/hooks');
    await user.click(within(dialog).getByRole('checkbox', { name: 'invoice.declined' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Endpoint saved')).toBeInTheDocument();
    expect(await api.bodiesOf(PATCH)).toEqual([
      {
        url: 'https://shop.example/v2/hooks',
        description: 'Order updates',
        eventTypes: ['invoice.done'],
      },
    ]);
    await waitFor(() => expect(callsTo(api.calls, ENDPOINTS)).toHaveLength(2));
  });

  it("keeps the dialog open with the server's reason when it refuses", async () => {
    const user = userEvent.setup();
    developersApi(KEYS, {
      [CREATE_ENDPOINT]: problem(422, 'The URL resolves to a private address'),
    });
    renderDevelopers(URL);
    const dialog = await openAdd();
    await user.type(within(dialog).getByRole('textbox', { name: /^URL/ }), 'http://10.0.0.1/in');
    await user.click(within(dialog).getByRole('checkbox', { name: 'invoice.done' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The URL resolves to a private address',
    );
  });
});

describe('endpoint actions', () => {
  it('disables and enables an endpoint', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS, {
      [PATCH]: data(endpoint({ enabled: false })),
      'PATCH /api/v1/developers/webhook-endpoints/10': data(endpoint({ id: 10, enabled: true })),
    });
    renderDevelopers(URL);
    await user.click(
      await screen.findByRole('switch', { name: 'Enabled: https://shop.example/hooks' }),
    );
    expect(await screen.findByText('Endpoint disabled')).toBeInTheDocument();
    expect(await api.bodiesOf(PATCH)).toEqual([{ enabled: false }]);

    await user.click(screen.getByRole('switch', { name: 'Enabled: https://erp.example/in' }));
    expect(await screen.findByText('Endpoint enabled')).toBeInTheDocument();
    expect(await api.bodiesOf('PATCH /api/v1/developers/webhook-endpoints/10')).toEqual([
      { enabled: true },
    ]);
  });

  it('sends a test event and toasts its id', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS, {
      'POST /api/v1/developers/webhook-endpoints/9/test': {
        status: 202,
        body: { data: { eventId: 'evt_77' } },
      },
    });
    renderDevelopers(URL);
    await user.click(
      await screen.findByRole('button', { name: 'Send test event to https://shop.example/hooks' }),
    );
    expect(await screen.findByText('Test event evt_77 sent')).toBeInTheDocument();
    expect(api.calls).toContain('POST /api/v1/developers/webhook-endpoints/9/test');
  });

  it('toasts why the test event was not sent', async () => {
    const user = userEvent.setup();
    developersApi(KEYS, {
      'POST /api/v1/developers/webhook-endpoints/10/test': problem(409, 'The endpoint is disabled'),
    });
    renderDevelopers(URL);
    await user.click(
      await screen.findByRole('button', { name: 'Send test event to https://erp.example/in' }),
    );
    expect(
      await screen.findByText('Could not send the test event: The endpoint is disabled'),
    ).toBeInTheDocument();
  });

  it('recovers what the endpoint did not receive since a moment, a day ago unless changed', async () => {
    const user = userEvent.setup();
    const RECOVER = 'POST /api/v1/developers/webhook-endpoints/9/recover';
    const api = developersApi(KEYS, {
      [RECOVER]: { status: 202, body: { data: { resent: 3, madeDue: 1, more: true } } },
    });
    renderDevelopers(URL);
    await user.click(
      await screen.findByRole('button', { name: 'Recover https://shop.example/hooks' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Send again what the endpoint did not receive',
    });
    expect(dialog).toHaveAccessibleDescription(/sent to https:\/\/shop\.example\/hooks since/);
    const since = within(dialog).getByLabelText(/^Since/);
    const dayAgo = Date.now() - 86_400_000;
    const shown = new Date(since.getAttribute('value') ?? (since as HTMLInputElement).value);
    expect(Math.abs(shown.getTime() - dayAgo)).toBeLessThan(120_000);

    // Out of range: refused before anything is sent.
    await user.clear(since);
    await user.type(since, '2020-01-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Recover' }));
    expect(
      await within(dialog).findByText('Choose a moment within the last 14 days, not in the future'),
    ).toBeInTheDocument();
    expect(api.calls).not.toContain(RECOVER);

    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await user.clear(since);
    await user.type(since, localDateTimeText(twoHoursAgo));
    await user.click(within(dialog).getByRole('button', { name: 'Recover' }));
    expect(
      await screen.findByText(
        '3 deliveries sent again, 1 waiting retry sent now. More are left: recover again to send the next ones.',
      ),
    ).toBeInTheDocument();
    const [body] = (await api.bodiesOf(RECOVER)) as Array<{ since: string }>;
    expect(Math.abs(Date.parse(body?.since ?? '') - twoHoursAgo.getTime())).toBeLessThan(60_000);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the reason when recovery is refused', async () => {
    const user = userEvent.setup();
    developersApi(KEYS, {
      'POST /api/v1/developers/webhook-endpoints/10/recover': problem(
        409,
        'Enable the endpoint first: nothing is sent to it while it is disabled',
      ),
    });
    renderDevelopers(URL);
    await user.click(await screen.findByRole('button', { name: 'Recover https://erp.example/in' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Send again what the endpoint did not receive',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Recover' }));
    expect(
      await within(dialog).findByText(
        'Enable the endpoint first: nothing is sent to it while it is disabled',
      ),
    ).toBeInTheDocument();
  });

  it('deletes after a confirmation', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS, {
      'DELETE /api/v1/developers/webhook-endpoints/9': data({ ok: true }),
    });
    renderDevelopers(URL);
    await user.click(
      await screen.findByRole('button', { name: 'Delete https://shop.example/hooks' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete endpoint' });
    expect(confirm).toHaveTextContent(
      'Delete the endpoint https://shop.example/hooks? Events will no longer be sent to it.',
    );
    api.set(ENDPOINTS, data([FAILING_ENDPOINT]));
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Endpoint deleted')).toBeInTheDocument();
    expect(api.calls).toContain('DELETE /api/v1/developers/webhook-endpoints/9');
    await waitFor(() =>
      expect(screen.queryByText('https://shop.example/hooks')).not.toBeInTheDocument(),
    );
  });
});
