import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderDevelopers } from './developers-render.tsx';
import {
  callsTo,
  developersApi,
  EVENT_DETAILS,
  EVENTS,
  eventsPage,
  findTableNamed,
  KEYS,
  KEYS_ALL,
  openDialog,
  problem,
  rowAround,
  SENT_EVENT,
  TEST_EVENT,
} from './developers-test-kit.ts';

afterEach(() => vi.unstubAllGlobals());

const URL = '/developers?tab=events';
const DETAILS = 'GET /api/v1/developers/events/evt_42';
const RESEND = 'POST /api/v1/developers/callbacks/32/resend';

const findTable = () => findTableNamed('Events');

const rowOf = async (eventId: string) =>
  rowAround(await screen.findByRole('button', { name: `Details of event ${eventId}` }));

const queries = (calls: readonly string[]) =>
  callsTo(calls, EVENTS).map((call) =>
    Object.fromEntries(new URLSearchParams(call.split('?')[1] ?? '')),
  );

const openDetails = () => openDialog('Details of event evt_42', 'Event evt_42');

describe('events list', () => {
  it('shows id, type, invoice, time and a badge per delivery, newest first', async () => {
    const api = developersApi();
    renderDevelopers(URL);
    expect(await screen.findByRole('heading', { level: 2, name: 'Events' })).toBeInTheDocument();
    const table = await findTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Event', 'Type', 'Invoice', 'Created', 'Deliveries']);
    const sent = await rowOf('evt_42');
    expect(
      within(sent)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'evt_42',
      'invoice.done',
      SENT_EVENT.invoiceId,
      '05/03/2026 14:07:09',
      'SENT 200FAILED 3 attempts',
    ]);
    expect(within(sent).getByText('FAILED 3 attempts').closest('li')).toHaveAttribute(
      'title',
      'https://erp.example/in',
    );
    expect(
      within(await rowOf('evt_41'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['evt_41', 'webhook.test', '—', '05/03/2026 13:00:00', 'No deliveries']);
    expect(screen.getByText('Total: 2')).toBeInTheDocument();
    expect(queries(api.calls)).toEqual([{ page: '0', size: '10' }]);
  });

  it('opens the invoice of an event', async () => {
    const user = userEvent.setup();
    developersApi();
    const { router } = renderDevelopers(URL);
    await user.click(await screen.findByRole('link', { name: SENT_EVENT.invoiceId ?? '' }));
    expect(await screen.findByRole('heading', { name: 'Invoice details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/invoices/${SENT_EVENT.invoiceId}`);
  });

  it('shows a spinner, the empty state and a load failure', async () => {
    const api = developersApi(KEYS, { [EVENTS]: () => new Promise<never>(() => {}) });
    const first = renderDevelopers(URL);
    expect(await screen.findByRole('status', { name: 'Loading events' })).toBeInTheDocument();
    first.unmount();

    api.set(EVENTS, eventsPage([]));
    const second = renderDevelopers(URL);
    expect(await screen.findByText('No events match this filter')).toBeInTheDocument();
    expect(screen.getByText('Total: 0')).toBeInTheDocument();
    second.unmount();

    api.set(EVENTS, problem(500, 'Database unavailable'));
    renderDevelopers(URL);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the events: Database unavailable',
    );
  });

  it('filters by type from page 1, with the type in the URL, for the chosen merchant', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS_ALL, { [EVENTS]: eventsPage([SENT_EVENT, TEST_EVENT], 40) });
    const { router } = renderDevelopers(`${URL}&page=2`);
    await findTable();
    const type = screen.getByRole('combobox', { name: 'Type' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All types',
      'invoice.created',
      'invoice.status_changed',
      'invoice.done',
      'invoice.declined',
      'invoice.canceled',
      'invoice.amount_changed',
      'webhook.test',
    ]);
    await user.selectOptions(type, 'webhook.test');
    await waitFor(() =>
      expect(queries(api.calls).at(-1)).toEqual({
        merchantId: '3',
        type: 'webhook.test',
        page: '0',
        size: '10',
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('webhook.test');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(queries(api.calls)[0]).toEqual({ merchantId: '3', page: '1', size: '10' });
  });

  it('pages through the events', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS, {
      [EVENTS]: (_request, url) => {
        const page = Number(url.searchParams.get('page'));
        return eventsPage([{ ...TEST_EVENT, id: `evt_${100 + page}` }], 25, page);
      },
    });
    const { router } = renderDevelopers(URL);
    await rowOf('evt_100');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await rowOf('evt_102')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3');
    expect(queries(api.calls).at(-1)).toEqual({ page: '2', size: '10' });
  });
});

describe('event details', () => {
  it('shows the payload and every attempt of each delivery', async () => {
    const api = developersApi();
    renderDevelopers(URL);
    const dialog = await openDetails();
    expect(await within(dialog).findByTestId('event-payload')).toHaveTextContent(
      '"type": "invoice.done"',
    );
    expect(within(dialog).getByTestId('event-payload').textContent).toBe(
      JSON.stringify(EVENT_DETAILS.payload, null, 2),
    );
    expect(within(dialog).getByRole('heading', { name: 'Payload' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Deliveries' })).toBeInTheDocument();

    const sent = within(dialog).getByRole('table', {
      name: 'Attempts to https://shop.example/hooks',
    });
    expect(
      within(sent)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'TimeResponseDurationResponse excerpt or error',
      '05/03/2026 14:07:1020084 ms{"ok":true}',
    ]);
    const failed = within(dialog).getByRole('table', {
      name: 'Attempts to https://erp.example/in',
    });
    expect(
      within(failed)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '05/03/2026 14:07:10500120 msInternal error',
      '05/03/2026 14:08:10—10000 msTimed out after 10 s',
    ]);
    expect(within(dialog).getByText('FAILED 3 attempts')).toBeInTheDocument();
    expect(api.calls).toContain(DETAILS);
  });

  it('resends a delivery and refreshes the event', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS, {
      [RESEND]: { status: 202, body: { data: { callbackId: 33 } } },
    });
    renderDevelopers(URL);
    const dialog = await openDetails();
    await user.click(
      await within(dialog).findByRole('button', { name: 'Resend to https://erp.example/in' }),
    );
    expect(await screen.findByText('Resend queued as delivery 33')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.includes('/resend'))).toEqual([RESEND]);
    await waitFor(() => expect(api.calls.filter((call) => call === DETAILS)).toHaveLength(2));
    await waitFor(() => expect(callsTo(api.calls, EVENTS)).toHaveLength(2));
  });

  it('toasts why a resend was refused', async () => {
    const user = userEvent.setup();
    developersApi(KEYS, { [RESEND]: problem(409, 'A delivery is still pending') });
    renderDevelopers(URL);
    const dialog = await openDetails();
    await user.click(
      await within(dialog).findByRole('button', { name: 'Resend to https://erp.example/in' }),
    );
    expect(
      await screen.findByText('Could not resend: A delivery is still pending'),
    ).toBeInTheDocument();
  });

  it('says why the event cannot be loaded', async () => {
    developersApi(KEYS, { [DETAILS]: problem(404, 'No such event') });
    renderDevelopers(URL);
    const dialog = await openDetails();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not load the event: No such event',
    );
  });

  it('shows a spinner while the event loads', async () => {
    developersApi(KEYS, { [DETAILS]: () => new Promise<never>(() => {}) });
    renderDevelopers(URL);
    const dialog = await openDetails();
    expect(
      await within(dialog).findByRole('status', { name: 'Loading the event' }),
    ).toBeInTheDocument();
  });
});
