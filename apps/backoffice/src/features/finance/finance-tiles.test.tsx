import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers.tsx';
import { createAppStore } from '../../app/store.ts';
import { fakeApi } from '../../testing/fake-api.ts';
import { personWith } from '../../testing/test-people.ts';
import { CurrentPersonProvider } from '../session/current-person.tsx';
import { terminalChosen } from '../workspace/workspace-slice.ts';
import { FinanceTiles } from './finance-tiles.tsx';

const UZS = { code: 'UZS', dimension: 2 };

/** The tiles; `terminalId`: the header's terminal ('' for ALL TERMINALS). */
const renderTiles = (permissions: string[], terminalId = '') => {
  const api = fakeApi({
    'GET /api/v1/merchant/balance': {
      body: { data: { balance: [{ sum: 1_234_500, currency: UZS }] } },
    },
    'GET /api/v1/merchant/deposit': {
      body: { data: [{ sum: 2_000_000, count: 3, currency: UZS }] },
    },
    'GET /api/v1/merchant/withdrawal': { body: { data: [] } },
    'GET /api/v1/terminal': {
      body: { data: [{ id: 11, name: 'UZS deposits', currency: { id: 1, ...UZS } }] },
    },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/invoices',
        element: (
          <CurrentPersonProvider value={personWith(permissions) as never}>
            <FinanceTiles />
          </CurrentPersonProvider>
        ),
      },
    ],
    { initialEntries: ['/invoices'] },
  );
  const store = createAppStore();
  store.dispatch(terminalChosen(terminalId));
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return Object.assign(api, { store });
};

afterEach(() => vi.unstubAllGlobals());

describe('finance tiles', () => {
  it('shows balance, deposit and withdrawal for the selected terminal', async () => {
    const api = renderTiles([], '11');
    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(await within(balance).findByText('12345.00 UZS')).toBeInTheDocument();
    const deposit = screen.getByRole('region', { name: 'Deposit' });
    expect(await within(deposit).findByText('20000.00 UZS')).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/v1/merchant/balance?terminalId=11');
    expect(api.calls).toContain('GET /api/v1/merchant/withdrawal?terminalId=11');
  });

  it("never shows the previous terminal's figures while the next terminal's load", async () => {
    const api = renderTiles(['settlement.create'], '11');
    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(await within(balance).findByText('12345.00 UZS')).toBeInTheDocument();
    api.set('GET /api/v1/merchant/balance', (_request, url) =>
      url.searchParams.get('terminalId') === '12'
        ? new Promise(() => {})
        : { body: { data: { balance: [{ sum: 1_234_500, currency: UZS }] } } },
    );
    act(() => {
      api.store.dispatch(terminalChosen('12'));
    });
    expect(await within(balance).findByLabelText('Loading balance')).toBeInTheDocument();
    expect(within(balance).queryByText('12345.00 UZS')).toBeNull();
  });

  it('says why a tile could not load and loads it again on Try again', async () => {
    const api = renderTiles([], '11');
    api.set('GET /api/v1/merchant/deposit', { status: 503, body: { detail: 'Database down' } });
    const deposit = await screen.findByRole('region', { name: 'Deposit' });
    expect(
      await within(deposit).findByText('Could not load the deposit: Database down'),
    ).toBeInTheDocument();
    api.set('GET /api/v1/merchant/deposit', {
      body: { data: [{ sum: 2_000_000, count: 3, currency: UZS }] },
    });
    await userEvent.click(within(deposit).getByRole('button', { name: 'Try again' }));
    expect(await within(deposit).findByText('20000.00 UZS')).toBeInTheDocument();
  });

  it('offers the settlement control only with settlement.create and a chosen terminal', async () => {
    renderTiles(['settlement.create']);
    await screen.findByText('12345.00 UZS');
    expect(screen.queryByRole('button', { name: 'Settlement' })).not.toBeInTheDocument();
  });

  it('validates the settlement form and creates one in minor units', async () => {
    const api = renderTiles(['settlement.create'], '11');
    api.set('POST /api/v1/settlement', { status: 201, body: { data: { id: 1 } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Settlement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settlement for UZS deposits' });
    expect(dialog).toHaveStyle({ width: '768px' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create settlement' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(2);

    await userEvent.type(within(dialog).getByLabelText('Base amount, UZS'), 'abc');
    await userEvent.type(within(dialog).getByLabelText('Settlement amount, USDT'), '12.1234567');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create settlement' }));
    expect(await within(dialog).findByText('Must be a number')).toBeInTheDocument();
    expect(within(dialog).getByText('At most 6 decimals')).toBeInTheDocument();
    expect(api.calls).not.toContain('POST /api/v1/settlement');

    await userEvent.clear(within(dialog).getByLabelText('Base amount, UZS'));
    await userEvent.type(within(dialog).getByLabelText('Base amount, UZS'), '1500.5');
    await userEvent.clear(within(dialog).getByLabelText('Settlement amount, USDT'));
    await userEvent.type(within(dialog).getByLabelText('Settlement amount, USDT'), '120.25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create settlement' }));

    expect(await screen.findByText('Successfully created')).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/v1/settlement')).toEqual([
      { baseAmount: 150_050, settlementAmount: 120_250_000, terminalId: 11 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The balance is asked for again: the settlement moved it.
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call === 'GET /api/v1/merchant/balance?terminalId=11').length,
      ).toBeGreaterThan(1),
    );
  });

  it('closes on a click beside it only while nothing is typed', async () => {
    renderTiles(['settlement.create'], '11');
    const open = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Settlement' }));
      return screen.findByRole('dialog', { name: 'Settlement for UZS deposits' });
    };
    const clickBeside = (dialog: HTMLElement) =>
      userEvent.click(dialog.parentElement as HTMLElement);

    await clickBeside(await open());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const dialog = await open();
    await userEvent.type(within(dialog).getByLabelText('Base amount, UZS'), '1500');
    await clickBeside(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Base amount, UZS')).toHaveValue('1500');
  });

  it('keeps the dialog open and shows the server message when the settlement is refused', async () => {
    const api = renderTiles(['settlement.create'], '11');
    api.set('POST /api/v1/settlement', {
      status: 409,
      body: { detail: "Settlement of 99999.00 UZS exceeds the terminal's available balance" },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Settlement' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Base amount, UZS'), '99999');
    await userEvent.type(within(dialog).getByLabelText('Settlement amount, USDT'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create settlement' }));
    expect(await screen.findByText(/exceeds the terminal's available balance/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('sends one Idempotency-Key per intended settlement, the same again for a resend', async () => {
    const api = renderTiles(['settlement.create'], '11');
    api.set('POST /api/v1/settlement', { status: 503, body: { detail: 'Try again' } });
    const keysSent = () =>
      api.requests
        .filter((request) => request.method === 'POST')
        .map((request) => request.headers.get('Idempotency-Key'));
    await userEvent.click(await screen.findByRole('button', { name: 'Settlement' }));
    const dialog = await screen.findByRole('dialog');
    const submit = () =>
      userEvent.click(within(dialog).getByRole('button', { name: 'Create settlement' }));
    await userEvent.type(within(dialog).getByLabelText('Base amount, UZS'), '100');
    await userEvent.type(within(dialog).getByLabelText('Settlement amount, USDT'), '1');
    await submit();
    await waitFor(() => expect(keysSent()).toHaveLength(1));
    expect(keysSent()[0]).toMatch(/^[0-9a-f]{32}$/);

    // The same amounts again (the answer was lost or refused): the same key, settled once.
    await submit();
    await waitFor(() => expect(keysSent()).toHaveLength(2));
    expect(keysSent()[1]).toBe(keysSent()[0]);

    // Other amounts are another settlement.
    const base = within(dialog).getByLabelText('Base amount, UZS');
    await userEvent.clear(base);
    await userEvent.type(base, '300');
    await submit();
    await waitFor(() => expect(keysSent()).toHaveLength(3));
    expect(keysSent()[2]).not.toBe(keysSent()[0]);
    // Back to the first amounts (their settlement may have been made): their key again.
    await userEvent.clear(base);
    await userEvent.type(base, '100');
    await submit();
    await waitFor(() => expect(keysSent()).toHaveLength(4));
    expect(keysSent()[3]).toBe(keysSent()[0]);

    await userEvent.clear(base);
    await userEvent.type(base, '200');
    api.set('POST /api/v1/settlement', { status: 201, body: { data: { id: 1 } } });
    await submit();
    await waitFor(() => expect(keysSent()).toHaveLength(5));
    expect(new Set(keysSent()).size).toBe(3);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Made: the next settlement, even of the same amounts, has a key of its own.
    await userEvent.click(screen.getByRole('button', { name: 'Settlement' }));
    const again = await screen.findByRole('dialog');
    await userEvent.type(within(again).getByLabelText('Base amount, UZS'), '200');
    await userEvent.type(within(again).getByLabelText('Settlement amount, USDT'), '1');
    await userEvent.click(within(again).getByRole('button', { name: 'Create settlement' }));
    await waitFor(() => expect(keysSent()).toHaveLength(6));
    expect(keysSent()[5]).not.toBe(keysSent()[4]);
    expect(new Set(keysSent()).size).toBe(4);
  });
});
