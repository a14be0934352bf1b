import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { BalanceMovementsPage } from './balance-movements-page.tsx';
import {
  balanceMovementsApi,
  INVOICE_ID,
  LIST,
  listQueries,
  MERCHANTS,
  MOVEMENTS,
  movement,
  movementPage,
  OPENING,
  SETTLEMENT,
} from './balance-movements-test-kit.ts';

const renderMovements = (url = '/balance-movements?currency=UZS') =>
  renderScreen(
    url,
    { path: '/balance-movements', element: <BalanceMovementsPage /> },
    { path: '/invoices/:id', element: <h1>Invoice details</h1> },
  );

const findTable = () => screen.findByRole('table', { name: 'Balance movements' });

/** A cell's text without its buttons' (the row's "Filter", which tests of its own read). */
const cellText = (cell: HTMLElement) => {
  const copy = cell.cloneNode(true) as HTMLElement;
  for (const button of copy.querySelectorAll('button')) button.remove();
  return copy.textContent;
};

/** The body rows of the table, each as its cells' texts. */
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map(cellText));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('balance movements', () => {
  it('shows each movement of the chosen balance, newest first, in the currency’s decimals', async () => {
    const api = balanceMovementsApi();
    renderMovements();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Balance movements' }),
    ).toBeInTheDocument();
    const table = await findTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Time (UTC)',
      'Cause',
      'Invoice',
      'Merchant invoice ID',
      'Settlement',
      'Flow',
      'Available change',
      'Available after',
      'Reserved change',
      'Reserved after',
      'Changed by',
    ]);
    expect(rowTexts(table)).toEqual([
      [
        '05/03/2026 14:07:09',
        'InvoiceIN_PROGRESS → DONE',
        INVOICE_ID,
        'order-1',
        '—',
        'Deposit',
        '+9750.00',
        '13750.00',
        '0.00',
        '0.00',
        'admin',
      ],
      [
        '05/03/2026 09:00:01',
        'Settlement',
        '—',
        '—',
        '7',
        '—',
        '-4000.00',
        '4000.00',
        '0.00',
        '0.00',
        'cashier',
      ],
      [
        '01/03/2026 00:00:00',
        // Entered the ledger in its status: no status before.
        'InvoiceDONE',
        OPENING.invoiceId,
        'order-0',
        '—',
        'Deposit',
        '+8000.00',
        '8000.00',
        '0.00',
        '0.00',
        'Platform',
      ],
    ]);
    expect(screen.getByText('Platform')).toHaveAttribute(
      'title',
      'No back-office person: the platform, the customer or a provider',
    );
    expect(
      screen.getByText('3 movements shown. That is every movement of this balance.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // A merchant's user reads their own balance: no merchant is sent.
    expect(listQueries(api.calls)).toEqual([{ currencyId: '101002' }]);
  });

  it('formats by the decimals the answer gives, exactly, whatever the size', async () => {
    balanceMovementsApi(undefined, {
      [LIST]: movementPage(
        [movement({ availableChange: -5, availableAfter: 9_007_199_254_740_991 })],
        false,
        { code: 'JPY', dimension: 0 },
      ),
    });
    renderMovements('/balance-movements?currency=JPY');
    const [row] = rowTexts(await findTable());
    expect(row?.slice(6, 8)).toEqual(['-5', '9007199254740991']);
  });

  it('links each invoice to its page', async () => {
    balanceMovementsApi();
    const { router } = renderMovements();
    const table = await findTable();
    const link = within(table).getByRole('link', { name: INVOICE_ID });
    expect(link).toHaveAttribute('href', `/invoices/${INVOICE_ID}`);
    // The settlement has no invoice, so nothing to follow.
    expect(within(table).getAllByRole('link')).toHaveLength(2);
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Invoice details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/invoices/${INVOICE_ID}`);
  });

  describe('Load more', () => {
    const paged = () =>
      balanceMovementsApi(undefined, {
        [LIST]: (_request, url) =>
          url.searchParams.get('beforeId') === null
            ? movementPage([movement(), SETTLEMENT], true)
            : movementPage([OPENING], false),
      });

    it('adds the page before the last movement shown, then says every movement is there', async () => {
      const api = paged();
      renderMovements();
      const table = await findTable();
      expect(rowTexts(table)).toHaveLength(2);
      expect(screen.getByText('2 movements shown.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(rowTexts(table)).toHaveLength(3));
      expect(rowTexts(table).map((cells) => cells[2])).toEqual([
        INVOICE_ID,
        '—',
        OPENING.invoiceId,
      ]);
      expect(listQueries(api.calls)).toEqual([
        { currencyId: '101002' },
        { currencyId: '101002', beforeId: '40' },
      ]);
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      expect(
        screen.getByText('3 movements shown. That is every movement of this balance.'),
      ).toBeInTheDocument();
    });

    it('works from the keyboard and takes the focus to the first new row', async () => {
      paged();
      renderMovements();
      const table = await findTable();
      const button = screen.getByRole('button', { name: 'Load more' });
      button.focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(rowTexts(table)).toHaveLength(3));
      const newRow = within(table).getAllByRole('row')[3];
      await waitFor(() => expect(newRow).toHaveFocus());
      // From there Tab goes on to the new row's invoice link.
      await userEvent.tab();
      expect(within(newRow as HTMLElement).getByRole('link')).toHaveFocus();
    });

    it('keeps the rows shown when the next page fails, says why, and tries again', async () => {
      const api = paged();
      api.set(LIST, (_request, url) =>
        url.searchParams.get('beforeId') === null
          ? movementPage([movement(), SETTLEMENT], true)
          : { status: 503, body: problem(503, 'Database unavailable') },
      );
      renderMovements();
      const table = await findTable();
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Could not load more movements: Database unavailable',
      );
      expect(rowTexts(table)).toHaveLength(2);
      api.set(LIST, movementPage([OPENING], false));
      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(rowTexts(table)).toHaveLength(3));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  it('says so when the balance has not moved', async () => {
    balanceMovementsApi(undefined, { [LIST]: movementPage([]) });
    renderMovements();
    expect(await screen.findByText('This balance has not moved yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says why the movements could not be loaded, and Try again loads them', async () => {
    const api = balanceMovementsApi(undefined, {
      [LIST]: { status: 500, body: problem(500, 'Database unavailable') },
    });
    renderMovements();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the balance movements: Database unavailable',
    );
    api.set(LIST, movementPage(MOVEMENTS));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(rowTexts(await findTable())).toHaveLength(3);
  });

  it('asks for a currency first, and keeps the one chosen in the address', async () => {
    const api = balanceMovementsApi();
    const { router } = renderMovements('/balance-movements');
    expect(
      await screen.findByText('Choose a currency to see the movements of its balance.'),
    ).toBeInTheDocument();
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    await waitFor(() =>
      expect(within(currency).getByRole('option', { name: 'UZS' })).toBeInTheDocument(),
    );
    expect(listQueries(api.calls)).toEqual([]);
    await userEvent.selectOptions(currency, 'UZS');
    expect(rowTexts(await findTable())).toHaveLength(3);
    expect(router.state.location.search).toBe('?currency=UZS');
    expect(listQueries(api.calls)).toEqual([{ currencyId: '101002' }]);
  });

  it('never shows the previous balance’s rows while another one loads', async () => {
    let answerYen: () => void = () => undefined;
    const yenAnswered = new Promise<void>((resolve) => {
      answerYen = resolve;
    });
    balanceMovementsApi(undefined, {
      [LIST]: async (_request, url) => {
        if (url.searchParams.get('currencyId') === '101002') return movementPage(MOVEMENTS);
        await yenAnswered;
        return movementPage([movement({ id: 90, merchantInvoiceId: 'yen-order' })], false, {
          code: 'JPY',
          dimension: 0,
        });
      },
    });
    renderMovements();
    expect(rowTexts(await findTable())).toHaveLength(3);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'JPY');
    expect(
      await screen.findByRole('status', { name: 'Loading the balance movements' }),
    ).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    answerYen();
    const [row] = rowTexts(await findTable());
    expect(row?.[3]).toBe('yen-order');
  });

  it('says so for a currency the list does not have', async () => {
    const api = balanceMovementsApi();
    renderMovements('/balance-movements?currency=XXX');
    expect(
      await screen.findByText('There is no currency XXX: choose one from the list.'),
    ).toBeInTheDocument();
    expect(listQueries(api.calls)).toEqual([]);
  });

  it('reads the merchant chosen in the header for a person who sees every merchant', async () => {
    const api = balanceMovementsApi(
      ['report.read.balance', 'merchant.rw.all'],
      {
        [MERCHANTS]: {
          body: {
            data: {
              items: [{ id: 5, name: 'Tashkent Books', clientPublicKey: 'pk_5', terminals: [] }],
              page: 0,
              size: 50,
              total: 1,
            },
          },
        },
      },
      { merchantId: null, role: 'admin' },
    );
    renderMovements();
    expect(await findTable()).toBeInTheDocument();
    expect(
      screen.getByText(
        'Merchant: Tashkent Books. Choose another one with the Merchant selector at the top of the page.',
      ),
    ).toBeInTheDocument();
    expect(listQueries(api.calls)).toEqual([{ currencyId: '101002', merchantId: '5' }]);
  });

  it('says the permission is needed, and asks nothing, without report.read.balance', async () => {
    const api = balanceMovementsApi(['merchant.read']);
    renderMovements();
    expect(
      await screen.findByText('Balance movements need the report.read.balance permission.'),
    ).toBeInTheDocument();
    expect(listQueries(api.calls)).toEqual([]);
    expect(screen.queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
  });
});

describe('one invoice’s movements', () => {
  const INVOICE_FIELD = { name: 'Invoice ID' } as const;
  const INVALID_ID =
    'An invoice ID is 32 digits and letters a–f in five groups joined by hyphens, such as 0b6f3c1e-5a2d-4c1b-9f3e-2d7a8c4b1e60. Nothing was applied.';

  /** The whole balance without a filter; the invoice's own movement with one. */
  const filterable = () =>
    balanceMovementsApi(undefined, {
      [LIST]: (_request, url) =>
        url.searchParams.get('invoiceId') === INVOICE_ID
          ? movementPage([movement()])
          : movementPage(MOVEMENTS),
    });

  it('shows only the invoice typed, on Enter, and keeps it in the address', async () => {
    const api = filterable();
    const { router } = renderMovements();
    expect(rowTexts(await findTable())).toHaveLength(3);
    const field = screen.getByRole('textbox', INVOICE_FIELD);
    // Pasted with spaces and in capitals: sent as the server prints ids.
    await userEvent.type(field, `  ${INVOICE_ID.toUpperCase()} {Enter}`);
    await waitFor(() => expect(rowTexts(screen.getByRole('table'))).toHaveLength(1));
    expect(rowTexts(screen.getByRole('table'))[0]?.[2]).toBe(INVOICE_ID);
    expect(field).toHaveValue(INVOICE_ID);
    expect(router.state.location.search).toBe(`?currency=UZS&invoice=${INVOICE_ID}`);
    expect(listQueries(api.calls)).toEqual([
      { currencyId: '101002' },
      { currencyId: '101002', invoiceId: INVOICE_ID },
    ]);
    expect(
      screen.getByText('1 movement shown. That is every movement of this invoice.'),
    ).toBeInTheDocument();
  });

  it('opens filtered from the address, and Clear shows every movement again', async () => {
    const api = filterable();
    const { router } = renderMovements(`/balance-movements?currency=UZS&invoice=${INVOICE_ID}`);
    expect(rowTexts(await findTable())).toHaveLength(1);
    const field = screen.getByRole('textbox', INVOICE_FIELD);
    expect(field).toHaveValue(INVOICE_ID);
    expect(listQueries(api.calls)).toEqual([{ currencyId: '101002', invoiceId: INVOICE_ID }]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(rowTexts(screen.getByRole('table'))).toHaveLength(3));
    expect(router.state.location.search).toBe('?currency=UZS');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    expect(listQueries(api.calls)).toEqual([
      { currencyId: '101002', invoiceId: INVOICE_ID },
      { currencyId: '101002' },
    ]);
  });

  it.each([
    ['a merchant invoice id', 'order-1'],
    ['the urn:uuid: form', `urn:uuid:${INVOICE_ID}`],
    ['an id a digit short', INVOICE_ID.slice(0, -1)],
  ])('refuses %s as the server does, says why, and asks nothing', async (_case, text) => {
    const api = filterable();
    const { router } = renderMovements();
    expect(rowTexts(await findTable())).toHaveLength(3);
    const field = screen.getByRole('textbox', INVOICE_FIELD);
    await userEvent.type(field, text);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(field).toHaveAccessibleDescription(INVALID_ID);
    expect(field).toBeInvalid();
    expect(router.state.location.search).toBe('?currency=UZS');
    expect(listQueries(api.calls)).toEqual([{ currencyId: '101002' }]);
    // Typing again takes the message away until the next Apply.
    await userEvent.type(field, 'x');
    expect(field).toBeValid();
  });

  it('asks nothing for an address that names no invoice id, and says so at the field', async () => {
    const api = filterable();
    renderMovements('/balance-movements?currency=UZS&invoice=order-1');
    const field = await screen.findByRole('textbox', INVOICE_FIELD);
    expect(field).toHaveValue('order-1');
    expect(field).toHaveAccessibleDescription(INVALID_ID);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('UZS'),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(listQueries(api.calls)).toEqual([]);
  });

  it('says so in words of the invoice when it has not moved the balance', async () => {
    balanceMovementsApi(undefined, { [LIST]: movementPage([]) });
    renderMovements(`/balance-movements?currency=UZS&invoice=${INVOICE_ID}`);
    expect(
      await screen.findByText(
        `Invoice ${INVOICE_ID} has not moved this balance: it has no movements in this currency for this merchant.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('This balance has not moved yet.')).not.toBeInTheDocument();
  });

  it('filters by a row’s invoice with its Filter button, then takes the focus to the field', async () => {
    const api = filterable();
    const { router } = renderMovements();
    const table = await findTable();
    // One per row with an invoice; the settlement has none.
    expect(within(table).getAllByRole('button', { name: /^Filter by invoice / })).toHaveLength(2);
    await userEvent.click(
      within(table).getByRole('button', { name: `Filter by invoice ${INVOICE_ID}` }),
    );
    await waitFor(() => expect(rowTexts(screen.getByRole('table'))).toHaveLength(1));
    expect(router.state.location.search).toBe(`?currency=UZS&invoice=${INVOICE_ID}`);
    const field = screen.getByRole('textbox', INVOICE_FIELD);
    expect(field).toHaveValue(INVOICE_ID);
    expect(field).toHaveFocus();
    // Every row is that invoice's now: nothing more to filter by.
    expect(screen.queryByRole('button', { name: /^Filter by invoice / })).not.toBeInTheDocument();
    expect(listQueries(api.calls).at(-1)).toEqual({ currencyId: '101002', invoiceId: INVOICE_ID });
    // Back returns to every movement, and the field follows.
    router.navigate(-1);
    await waitFor(() => expect(rowTexts(screen.getByRole('table'))).toHaveLength(3));
    expect(field).toHaveValue('');
  });
});

describe('Refresh', () => {
  const NEWER = movement({
    id: 42,
    createdAt: '2026-03-05T15:01:00.000Z',
    invoiceId: '0b6f3c1e-0000-4000-8000-000000000003',
    merchantInvoiceId: 'order-2',
  });

  /** Two pages, then (after `arrive`) a new movement on top of the first. */
  const growing = () => {
    let arrived = false;
    const api = balanceMovementsApi(undefined, {
      [LIST]: (_request, url) => {
        if (url.searchParams.get('beforeId') !== null) return movementPage([OPENING], false);
        return arrived
          ? movementPage([NEWER, movement()], true)
          : movementPage([movement(), SETTLEMENT], true);
      },
    });
    return {
      api,
      arrive: () => {
        arrived = true;
      },
    };
  };

  const clockAt = (iso: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  };

  it('reads the newest page again, alone, and says when', async () => {
    clockAt('2026-03-05T15:00:00.000Z');
    const { api, arrive } = growing();
    renderMovements();
    const table = await findTable();
    expect(screen.getByText('Loaded at 05/03/2026 15:00:00 UTC.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowTexts(table)).toHaveLength(3));

    arrive();
    vi.setSystemTime(new Date('2026-03-05T15:02:30.000Z'));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(rowTexts(screen.getByRole('table')).map((cells) => cells[3])).toEqual([
        'order-2',
        'order-1',
      ]),
    );
    // The page loaded with Load more is dropped, not read again: one call, for the newest page.
    expect(listQueries(api.calls)).toEqual([
      { currencyId: '101002' },
      { currencyId: '101002', beforeId: '40' },
      { currencyId: '101002' },
    ]);
    expect(screen.getByText('Refreshed at 05/03/2026 15:02:30 UTC.')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    expect(screen.getByText('2 movements shown.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('works from the keyboard, is busy while it reads, and gives the focus back', async () => {
    let answer: () => void = () => undefined;
    const api = balanceMovementsApi();
    renderMovements();
    const table = await findTable();
    api.set(LIST, async () => {
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return movementPage([NEWER, ...MOVEMENTS]);
    });
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    // In the tab order, right after the invoice filter's buttons.
    screen.getByRole('button', { name: 'Apply' }).focus();
    await userEvent.tab();
    expect(refresh).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(refresh).toHaveAttribute('aria-busy', 'true'));
    expect(refresh).toBeDisabled();
    // A browser takes the focus off a button that becomes disabled, to the page; jsdom keeps it
    // there (and will not blur a disabled button), so the test moves it as a browser would.
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
    expect(refresh).not.toHaveFocus();
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Refreshing the movements…')).toBeInTheDocument();
    // The movements shown stay while it reads.
    expect(rowTexts(table)).toHaveLength(3);
    answer();
    await waitFor(() => expect(rowTexts(screen.getByRole('table'))).toHaveLength(4));
    await waitFor(() => expect(refresh).toBeEnabled());
    expect(refresh).toHaveFocus();
    expect(screen.getByText(/^Refreshed at \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d UTC\.$/)).toBeVisible();
  });

  it('keeps the movements shown when it fails, says why, and Refresh tries again', async () => {
    const api = balanceMovementsApi();
    renderMovements();
    const table = await findTable();
    api.set(LIST, { status: 503, body: problem(503, 'Database unavailable') });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not refresh the movements: Database unavailable',
    );
    expect(rowTexts(table)).toHaveLength(3);
    expect(screen.getByText(/^Loaded at /)).toBeInTheDocument();
    api.set(LIST, movementPage([NEWER, ...MOVEMENTS]));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(rowTexts(screen.getByRole('table'))).toHaveLength(4));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is there while an invoice has not moved the balance yet, and shows its movement once it has', async () => {
    const api = balanceMovementsApi(undefined, { [LIST]: movementPage([]) });
    renderMovements(`/balance-movements?currency=UZS&invoice=${INVOICE_ID}`);
    expect(await screen.findByText(/^Invoice .* has not moved this balance/)).toBeInTheDocument();
    api.set(LIST, movementPage([movement()]));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(rowTexts(await findTable())).toHaveLength(1);
    expect(listQueries(api.calls)).toEqual([
      { currencyId: '101002', invoiceId: INVOICE_ID },
      { currencyId: '101002', invoiceId: INVOICE_ID },
    ]);
  });
});
