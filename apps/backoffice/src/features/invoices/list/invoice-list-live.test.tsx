import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource, invoiceEvent } from '../../live/live-test-kit.ts';
import {
  findListHeading,
  INVOICE_A,
  INVOICE_B,
  invoiceItem,
  invoicePage,
  listQueries,
  renderInvoiceList,
} from './invoice-list-test-kit.ts';

const NEW_INVOICE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const ROWS = [
  invoiceItem({ invoiceStatus: { id: 1, code: 'NEW', value: 'New' } }),
  invoiceItem({ invoiceId: INVOICE_B }),
];

beforeEach(() => {
  installFakeEventSource();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rowOf = async (invoiceId: string) => {
  const link = await screen.findByRole('link', { name: invoiceId });
  const row = link.closest('tr');
  if (!row) throw new Error(`no row for ${invoiceId}`);
  return row;
};

/** The list is shown and its live stream is ready. */
const openList = async (
  path = '/invoices',
  options: Parameters<typeof renderInvoiceList>[1] = {},
) => {
  const view = renderInvoiceList(path, {
    ...options,
    routes: { 'GET /api/v1/invoice': invoicePage(ROWS), ...options.routes },
  });
  await findListHeading();
  await rowOf(INVOICE_A);
  await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
  act(() => FakeEventSource.latest.ready());
  return view;
};

const send = (name: string, data: unknown, id?: string) =>
  act(() => FakeEventSource.latest.emit(name, data, id));

const banner = () =>
  screen.getAllByRole('status').find((region) => region.classList.contains('bo-new-invoices'));

/**
 * An invoice.changed that declines INVOICE_A, and its badge: events are handled in order, so the
 * ones sent before it have been handled too.
 */
const declineInvoiceA = async () => {
  send('invoice.changed', invoiceEvent({ status: 'DECLINED' }), '9-9');
  await within(await rowOf(INVOICE_A)).findByText('Declined');
};

describe('invoice list: live', () => {
  it('opens one stream of /api/v1/live-events for the signed-in frame', async () => {
    await openList();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.latest.url).toBe('/api/v1/live-events');
  });

  it('counts new invoices in a polite banner instead of moving the rows, and shows them on click', async () => {
    const user = userEvent.setup();
    const { api } = await openList();
    expect(banner()).toBeEmptyDOMElement();

    send('invoice.created', invoiceEvent({ invoiceId: NEW_INVOICE }), '1-1');
    const button = await screen.findByRole('button', { name: '1 new invoice' });
    expect(banner()).toContainElement(button);

    send('invoice.created', invoiceEvent({ invoiceId: 'b' }), '1-2');
    send('invoice.created', invoiceEvent({ invoiceId: 'c' }), '1-3');
    expect(await screen.findByRole('button', { name: '3 new invoices' })).toBeInTheDocument();
    // The rows stayed where they were: nothing was loaded again.
    expect(listQueries(api.calls)).toHaveLength(1);
    expect(
      screen.getAllByRole('link', { name: /^[0-9a-f-]{36}$/ }).map((link) => link.textContent),
    ).toEqual([INVOICE_A, INVOICE_B]);

    api.set('GET /api/v1/invoice', invoicePage([invoiceItem({ invoiceId: NEW_INVOICE }), ...ROWS]));
    await user.click(screen.getByRole('button', { name: '3 new invoices' }));

    await rowOf(NEW_INVOICE);
    expect(listQueries(api.calls)).toHaveLength(2);
    await waitFor(() => expect(banner()).toBeEmptyDOMElement());
  });

  it('is reachable by keyboard and hands the focus to the newest invoice', async () => {
    const user = userEvent.setup();
    const { api } = await openList();
    send('invoice.created', invoiceEvent({ invoiceId: NEW_INVOICE }), '1-1');
    const button = await screen.findByRole('button', { name: '1 new invoice' });

    api.set('GET /api/v1/invoice', invoicePage([invoiceItem({ invoiceId: NEW_INVOICE }), ...ROWS]));
    button.focus();
    await user.keyboard('{Enter}');

    const newest = within(await rowOf(NEW_INVOICE)).getByRole('link', { name: NEW_INVOICE });
    await waitFor(() => expect(newest).toHaveFocus());
  });

  it('does not count invoices of a flow type the list is filtered away from', async () => {
    const { api } = await openList('/invoices?flowType=WITHDRAWAL');
    send('invoice.created', invoiceEvent({ flowType: 'DEPOSIT' }), '1-1');
    send('invoice.created', invoiceEvent({ flowType: 'WITHDRAWAL', invoiceId: 'w' }), '1-2');
    await declineInvoiceA();
    expect(screen.getByRole('button', { name: '1 new invoice' })).toBeInTheDocument();
    expect(listQueries(api.calls)).toHaveLength(1);
  });

  it('does not count new invoices on a later page', async () => {
    await openList('/invoices?page=2', {
      routes: { 'GET /api/v1/invoice': invoicePage(ROWS, 40) },
    });
    send('invoice.created', invoiceEvent(), '1-1');
    await declineInvoiceA();
    expect(banner()).toBeEmptyDOMElement();
  });

  it('changes the status badge of a shown row in place, without loading the list again', async () => {
    const { api } = await openList();
    const row = await rowOf(INVOICE_A);
    expect(within(row).getByText('New')).toBeInTheDocument();

    send(
      'invoice.changed',
      invoiceEvent({
        status: 'DECLINED',
        statusDate: '2026-03-05T15:30:00.000Z',
        change: ['invoice.status_changed', 'invoice.declined'],
        previousStatus: 'NEW',
      }),
      '2-1',
    );

    expect(await within(row).findByText('Declined')).toBeInTheDocument();
    expect(within(row).getByText('05/03/2026 15:30:00')).toBeInTheDocument();
    expect(listQueries(api.calls)).toHaveLength(1);
  });

  it('loads the list again when the stream resynchronises after a gap', async () => {
    const { api } = await openList();
    send('invoice.created', invoiceEvent({ invoiceId: NEW_INVOICE }), '1-1');
    expect(await screen.findByRole('button', { name: '1 new invoice' })).toBeInTheDocument();

    // The server restarted; the stream comes back too late to resume.
    act(() => FakeEventSource.latest.fail());
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 5_000 });
    expect(FakeEventSource.latest.url).toBe('/api/v1/live-events?lastEventId=1-1');
    api.set('GET /api/v1/invoice', invoicePage([invoiceItem({ invoiceId: NEW_INVOICE }), ...ROWS]));
    send('resync', {});
    act(() => FakeEventSource.latest.ready(false));

    await rowOf(NEW_INVOICE);
    expect(listQueries(api.calls)).toHaveLength(2);
    await waitFor(() => expect(banner()).toBeEmptyDOMElement());
  });
});
