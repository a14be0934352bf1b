import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { FakeEventSource, installFakeEventSource, invoiceEvent } from '../../live/live-test-kit.ts';
import {
  DETAIL_PERMISSIONS,
  DETAILS_PATH,
  detailsApi,
  INVOICE_ID,
  invoiceWith,
  STATUS_HISTORY,
} from './details-test-fixtures.ts';

beforeEach(() => {
  installFakeEventSource();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The value shown for a field label of a description list. */
const fieldValue = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const callsTo = (calls: readonly string[], route: string) =>
  calls.filter((call) => call === route || call.startsWith(`${route}?`)).length;

const HISTORY_ROUTES = [
  'GET /api/v1/event/status',
  'GET /api/v1/event/error',
  'GET /api/v1/event/invoice',
  'GET /api/v1/transaction/invoice',
];

/** The details screen with every section, its history loaded and its stream ready. */
const openDetails = async () => {
  const api = detailsApi(DETAIL_PERMISSIONS);
  renderApp(DETAILS_PATH);
  await screen.findByRole('heading', { level: 1, name: `Invoice ${INVOICE_ID}` });
  await waitFor(() => {
    for (const route of [...HISTORY_ROUTES, 'GET /api/v1/merchant/callback']) {
      expect(callsTo(api.calls, route), route).toBe(1);
    }
  });
  await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));
  act(() => FakeEventSource.latest.ready());
  return api;
};

const send = (name: string, data: unknown, id: string) =>
  act(() => FakeEventSource.latest.emit(name, data, id));

describe('invoice details: live', () => {
  it('shows a change of the open invoice and loads its history and callbacks again', async () => {
    const api = await openDetails();
    const changed = invoiceWith({
      invoiceStatus: { id: 3, code: 'DONE', value: 'Done' },
      statusDate: '2026-03-05T15:00:00Z',
      providerInvoiceId: 'PRV-78',
    });
    api.set(`GET /api/v1/invoice/${INVOICE_ID}`, { body: { data: changed } });
    api.set('GET /api/v1/event/status', {
      body: {
        data: [
          ...STATUS_HISTORY,
          { status: { code: 'DONE', value: 'Done' }, statusDate: changed.statusDate, userId: null },
        ],
      },
    });

    send(
      'invoice.changed',
      invoiceEvent({
        invoiceId: INVOICE_ID,
        flowType: 'WITHDRAWAL',
        status: 'DONE',
        statusDate: '2026-03-05T15:00:00.000Z',
        amount: 150_050,
        fee: 1_200,
        change: ['invoice.status_changed', 'invoice.done'],
        previousStatus: 'IN_PROGRESS',
      }),
      '7-1',
    );

    const history = screen.getByRole('region', { name: 'Status history' });
    expect(await within(history).findByText('Done')).toBeInTheDocument();
    // The invoice itself was loaded again: what the event does not carry shows too.
    await waitFor(() => expect(fieldValue('Provider Invoice ID')).toBe('PRV-78'));
    expect(fieldValue('Status')).toBe('Done');
    expect(callsTo(api.calls, `GET /api/v1/invoice/${INVOICE_ID}`)).toBe(2);
    for (const route of [...HISTORY_ROUTES, 'GET /api/v1/merchant/callback']) {
      await waitFor(() => expect(callsTo(api.calls, route), route).toBe(2));
    }
  });

  it('loads the callbacks and the event log again after a callback attempt', async () => {
    const api = await openDetails();
    send(
      'callback.attempted',
      {
        callbackId: 51,
        status: 'FAILED',
        responseCode: 500,
        durationMs: 80,
        merchantId: 3,
        invoiceId: INVOICE_ID,
        at: '2026-03-05T15:00:00.000Z',
      },
      '7-2',
    );
    await waitFor(() => {
      expect(callsTo(api.calls, 'GET /api/v1/merchant/callback')).toBe(2);
      expect(callsTo(api.calls, 'GET /api/v1/event/invoice')).toBe(2);
    });
    expect(callsTo(api.calls, `GET /api/v1/invoice/${INVOICE_ID}`)).toBe(1);
  });

  it('ignores changes of other invoices', async () => {
    const api = await openDetails();
    send('invoice.changed', invoiceEvent({ status: 'DONE' }), '7-3');
    send(
      'callback.attempted',
      { callbackId: 1, status: 'SENT', responseCode: 200, durationMs: 5, merchantId: 3 },
      '7-4',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(callsTo(api.calls, `GET /api/v1/invoice/${INVOICE_ID}`)).toBe(1);
    for (const route of [...HISTORY_ROUTES, 'GET /api/v1/merchant/callback']) {
      expect(callsTo(api.calls, route), route).toBe(1);
    }
  });

  it('loads everything again after a resync', async () => {
    const api = await openDetails();
    send('resync', {}, '7-5');
    await waitFor(() => {
      expect(callsTo(api.calls, `GET /api/v1/invoice/${INVOICE_ID}`)).toBe(2);
      for (const route of [...HISTORY_ROUTES, 'GET /api/v1/merchant/callback']) {
        expect(callsTo(api.calls, route), route).toBe(2);
      }
    });
  });
});
