import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render-screen.tsx';
import { AccountDetailsPage } from './account-details-page.tsx';
import { AccountsPage } from './accounts-page.tsx';
import {
  accountDetails,
  accountRow,
  accountsApi,
  EDIT,
  PAYMENT_METHODS,
  page,
  VIEW,
} from './accounts-test-kit.ts';

const renderAccounts = (url = '/accounts') =>
  renderScreen(
    url,
    { path: '/accounts', element: <AccountsPage /> },
    { path: '/accounts/:id', element: <AccountDetailsPage /> },
  );

const rowOf = async (accountId: number) => {
  const link = await screen.findByRole('link', { name: `Account ${accountId}` });
  const row = link.closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

afterEach(() => vi.unstubAllGlobals());

describe('accounts list', () => {
  it('shows id, provider, bank, payment method and enabled as text without people.account.edit', async () => {
    const api = accountsApi(VIEW);
    renderAccounts();
    const table = await screen.findByRole('table', { name: 'Accounts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Provider', 'Bank', 'Payment method', 'Enabled']);
    const first = await rowOf(5);
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', 'Uzcard P2P', 'Kapitalbank', 'Humo', 'On']);
    expect(within(await rowOf(6)).getByText('Off')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(api.calls).toContain('GET /api/v1/people/account?page=0&size=10');
  });

  it('toggles enabled with people.account.edit and says so', async () => {
    const api = accountsApi(EDIT, {
      'PATCH /api/v1/people/account/6': {
        body: { data: accountDetails({ id: 6, enabled: true }) },
      },
    });
    renderAccounts();
    const toggle = await screen.findByRole('switch', { name: 'Account 6 enabled' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: 'Account 5 enabled' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(toggle);
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(await api.bodiesOf('PATCH /api/v1/people/account/6')).toEqual([{ enabled: true }]);
    expect(screen.getByRole('switch', { name: 'Account 6 enabled' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // The list is asked for again: the row changed.
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call.startsWith('GET /api/v1/people/account?')),
      ).toHaveLength(2),
    );
  });

  it('shows the server message and the old state when the toggle is refused', async () => {
    accountsApi(EDIT, {
      'PATCH /api/v1/people/account/5': {
        status: 403,
        body: { detail: 'Missing permission people.account.edit' },
      },
    });
    renderAccounts();
    await userEvent.click(await screen.findByRole('switch', { name: 'Account 5 enabled' }));
    expect(await screen.findByText('Missing permission people.account.edit')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Account 5 enabled' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('opens the details from the row link', async () => {
    accountsApi(VIEW);
    const { router } = renderAccounts();
    const link = await screen.findByRole('link', { name: 'Account 5' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/5'));
    expect(await screen.findByRole('heading', { name: 'Account 5' })).toBeInTheDocument();
  });

  it('opens the details from a click anywhere on the row', async () => {
    accountsApi(VIEW);
    const { router } = renderAccounts();
    await userEvent.click(within(await rowOf(5)).getByText('Kapitalbank'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/5'));
  });

  it("shows 'Nothing found' when there are no accounts", async () => {
    accountsApi(VIEW, { 'GET /api/v1/people/account': { body: page([]) } });
    renderAccounts();
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a load failure with the server message and tries again', async () => {
    const api = accountsApi(VIEW, {
      'GET /api/v1/people/account': { status: 500, body: { detail: 'Database unavailable' } },
    });
    renderAccounts();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the accounts: Database unavailable');
    api.set('GET /api/v1/people/account', { body: page([accountRow()]) });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Account 5' })).toBeInTheDocument();
  });

  it('pages through the accounts with the page in the URL', async () => {
    const api = accountsApi(VIEW, {
      'GET /api/v1/people/account': (_request, url) => ({
        body: {
          data: {
            items: [accountRow({ id: Number(url.searchParams.get('page')) + 100 })],
            page: Number(url.searchParams.get('page')),
            size: 10,
            total: 25,
          },
        },
      }),
    });
    const { router } = renderAccounts();
    await screen.findByRole('link', { name: 'Account 100' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'Account 102' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(api.calls).toContain('GET /api/v1/people/account?page=2&size=10');
  });
});

describe('create account', () => {
  const openCreate = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    return screen.findByRole('dialog', { name: 'Create account' });
  };

  it('requires provider, payment method and bank name before calling the server', async () => {
    const api = accountsApi(EDIT);
    renderAccounts();
    const dialog = await openCreate();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Provider is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Payment method is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Bank name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Country code' }), 'UZB');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('Country code must be two letters (ISO 3166-1 alpha-2)'),
    ).toBeInTheDocument();
    expect(api.calls).not.toContain('POST /api/v1/people/create');
  });

  it("creates the account, says 'Account created' and opens it", async () => {
    const api = accountsApi(EDIT, {
      'POST /api/v1/people/create': {
        status: 201,
        body: { data: accountDetails({ id: 9, bankName: 'Hamkorbank', enabled: false }) },
      },
      'GET /api/v1/people/account/9': {
        body: { data: accountDetails({ id: 9, bankName: 'Hamkorbank', credentials: [] }) },
      },
      'GET /api/router/v1/people/account/limit/9': { body: { data: null } },
    });
    const { router } = renderAccounts();
    const dialog = await openCreate();
    const provider = within(dialog).getByRole('combobox', { name: 'Provider' });
    await waitFor(() => expect(provider).toBeEnabled());
    await userEvent.selectOptions(provider, 'Uzcard P2P');
    const method = within(dialog).getByRole('combobox', { name: 'Payment method' });
    await waitFor(() => expect(method).toBeEnabled());
    // The enabled methods of GET /api/v1/payment-method with their currency; Tinkoff is disabled.
    expect(
      within(method)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not selected', 'Sberbank (RUB)', 'Humo (UZS)', 'Uzs (UZS)']);
    await userEvent.selectOptions(method, 'Humo (UZS)');
    expect(method).toHaveAccessibleDescription('Payments from 1000.00 UZS to 20000000.00 UZS.');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Bank name' }),
      ' Hamkorbank ',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Owner name' }), 'Aziz');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Country code' }), 'uz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Account created')).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/v1/people/create')).toEqual([
      {
        providerId: 2,
        paymentMethodId: 1,
        bankName: 'Hamkorbank',
        ownerName: 'Aziz',
        countryCode: 'UZ',
        enabled: false,
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/9'));
    expect(await screen.findByRole('heading', { name: 'Account 9' })).toBeInTheDocument();
    // The methods come from their own list, asked for once; accounts are not searched for them.
    expect(api.calls.filter((call) => call === 'GET /api/v1/payment-method')).toHaveLength(1);
    const listCalls = api.calls.filter((call) => call.startsWith('GET /api/v1/people/account?'));
    expect(new Set(listCalls)).toEqual(new Set(['GET /api/v1/people/account?page=0&size=10']));
  });

  it('keeps the dialog open and shows the server message when the server refuses', async () => {
    accountsApi(EDIT, {
      'POST /api/v1/people/create': { status: 400, body: { detail: 'Unknown payment method' } },
    });
    renderAccounts();
    const dialog = await openCreate();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Provider' }),
      await within(dialog).findByRole('option', { name: 'Sandbox provider' }),
    );
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Payment method' }),
      await within(dialog).findByRole('option', { name: 'Sberbank (RUB)' }),
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Bank name' }), 'Bank');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Enable right away' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Unknown payment method')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create account' })).toBeInTheDocument();
  });

  it('shows the payment methods loading, then offers them', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    accountsApi(EDIT, {
      'GET /api/v1/payment-method': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderAccounts();
    const dialog = await openCreate();
    const method = within(dialog).getByRole('combobox', { name: 'Payment method' });
    await waitFor(() => expect(method).toHaveAttribute('aria-busy', 'true'));
    expect(method).toBeDisabled();
    expect(method).toHaveAccessibleDescription('Loading the payment methods…');
    answer({ body: { data: PAYMENT_METHODS } });
    await waitFor(() => expect(method).toBeEnabled());
    expect(method).not.toHaveAttribute('aria-busy');
    expect(within(method).getByRole('option', { name: 'Humo (UZS)' })).toBeInTheDocument();
  });

  it('shows why the payment methods could not be loaded and tries again', async () => {
    const api = accountsApi(EDIT, {
      'GET /api/v1/payment-method': { status: 500, body: { detail: 'Database unavailable' } },
    });
    renderAccounts();
    const dialog = await openCreate();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the payment methods: Database unavailable');
    const method = within(dialog).getByRole('combobox', { name: 'Payment method' });
    expect(method).toBeDisabled();
    // Nothing is submitted without a method.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Payment method is required')).toBeInTheDocument();

    api.set('GET /api/v1/payment-method', { body: { data: PAYMENT_METHODS } });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(method).toBeEnabled());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(method).getByRole('option', { name: 'Sberbank (RUB)' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call === 'GET /api/v1/payment-method')).toHaveLength(2);
    expect(api.calls).not.toContain('POST /api/v1/people/create');
  });

  it('says so when no payment method is enabled', async () => {
    accountsApi(EDIT, {
      'GET /api/v1/payment-method': {
        body: { data: PAYMENT_METHODS.map((method) => ({ ...method, enabled: false })) },
      },
    });
    renderAccounts();
    const dialog = await openCreate();
    const method = within(dialog).getByRole('combobox', { name: 'Payment method' });
    await waitFor(() => expect(method).toBeEnabled());
    expect(method).toHaveAccessibleDescription('No payment method is enabled.');
    expect(
      within(method)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not selected']);
  });

  it('says there is no access without people.account, and asks for no accounts', async () => {
    const api = accountsApi(['people.account.edit']);
    renderAccounts();
    expect(
      await screen.findByText('Accounts need the people.account permission.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.startsWith('GET /api/v1/people/account'))).toEqual([]);
  });
});
