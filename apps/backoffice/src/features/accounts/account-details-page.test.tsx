import { formatDateTimeShort } from '@paygate/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { AccountDetailsPage } from './account-details-page.tsx';
import { AccountsPage } from './accounts-page.tsx';
import {
  accountDetails,
  accountsApi,
  CARD_CREDENTIAL,
  CARD_TYPE,
  EDIT,
  LIMITS,
  PHONE_TYPE,
  STRING_TYPE,
  VIEW,
} from './accounts-test-kit.ts';

const renderDetails = (
  permissions: string[],
  routes: Record<string, FakeAnswer> = {},
  url = '/accounts/5',
) => {
  const api = accountsApi(permissions, routes);
  const view = renderScreen(
    url,
    { path: '/accounts', element: <AccountsPage /> },
    { path: '/accounts/:id', element: <AccountDetailsPage /> },
  );
  return { api, ...view };
};

const section = (name: string) => screen.findByRole('region', { name });
const field = (container: HTMLElement, name: string) =>
  within(container).getByRole('textbox', { name });

afterEach(() => vi.unstubAllGlobals());

describe('account details', () => {
  it('shows the ids, credentials and limits read-only without people.account.edit', async () => {
    renderDetails(VIEW);
    expect(await screen.findByRole('heading', { name: 'Account 5' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Back/ })).toBeInTheDocument();
    const fields = screen.getByText('Account ID').closest('dl');
    expect(fields).not.toBeNull();
    const text = fields?.textContent ?? '';
    for (const expected of [
      'Account ID5',
      'ProviderUzcard P2P (ID 2)',
      'Payment methodHumo (ID 1)',
      'CurrencyUZS',
      'BankKapitalbank',
      'OwnerAziz Karimov',
      'CountryUZ',
    ]) {
      expect(text).toContain(expected);
    }
    expect(screen.getByText('Enabled: On')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();

    const credentials = await section('Credentials');
    const [, row] = within(credentials).getAllByRole('row');
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Card number', 'String', '8600 4953 1234 5670']);
    expect(within(credentials).queryByRole('button')).not.toBeInTheDocument();

    const limits = await section('Limits');
    expect(await within(limits).findByText('50000.00 UZS')).toBeInTheDocument();
    expect(within(limits).getByText('12345.00 UZS')).toBeInTheDocument();
    expect(within(limits).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(limits).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('toggles enabled with people.account.edit', async () => {
    const { api } = renderDetails(EDIT, {
      'PATCH /api/v1/people/account/5': { body: { data: accountDetails({ enabled: false }) } },
    });
    const toggle = await screen.findByRole('switch', { name: 'Enabled' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(await api.bodiesOf('PATCH /api/v1/people/account/5')).toEqual([{ enabled: false }]);
  });

  it('says so when the account does not exist', async () => {
    renderDetails(
      VIEW,
      {
        'GET /api/v1/people/account/404': { status: 404, body: { detail: 'Account not found' } },
      },
      '/accounts/404',
    );
    expect(await screen.findByRole('heading', { name: 'Account not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Accounts' })).toHaveAttribute(
      'href',
      '/accounts',
    );
  });

  it('shows a load failure with the server message', async () => {
    renderDetails(VIEW, {
      'GET /api/v1/people/account/5': { status: 500, body: { detail: 'Database unavailable' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the account: Database unavailable',
    );
  });
});

describe('amounts held', () => {
  const holds = [
    {
      invoiceId: '6f1d2c3b-4a59-4e8f-9a7b-1c2d3e4f5a6b',
      amount: 300_000,
      status: 'IN_PROGRESS',
      statusDate: '2026-11-27T10:00:00.000Z',
      heldUntil: null,
    },
    {
      invoiceId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      amount: 320_000,
      status: 'CANCELED',
      statusDate: '2026-11-27T09:30:00.000Z',
      heldUntil: '2026-11-27T11:30:00.000Z',
    },
  ];

  it('lists each payment holding an amount, linked, with how long it holds it', async () => {
    renderDetails(VIEW, {
      'GET /api/v1/people/account/5/amount-holds': { body: { data: holds } },
    });
    const held = await section('Amounts held');
    const rows = await within(held).findAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[1])).toEqual([
      '3000.00 UZS',
      holds[0]?.invoiceId,
      'IN_PROGRESS',
      formatDateTimeShort('2026-11-27T10:00:00.000Z'),
      'While the payment is open',
    ]);
    expect(cells(rows[2])).toEqual([
      '3200.00 UZS',
      holds[1]?.invoiceId,
      'CANCELED',
      formatDateTimeShort('2026-11-27T09:30:00.000Z'),
      formatDateTimeShort('2026-11-27T11:30:00.000Z'),
    ]);
    expect(within(held).getByRole('link', { name: holds[1]?.invoiceId })).toHaveAttribute(
      'href',
      `/invoices/${holds[1]?.invoiceId}`,
    );
  });

  it('says when nothing is held on an account that checks unique amounts', async () => {
    renderDetails(VIEW, {
      'GET /api/router/v1/people/account/limit/5': {
        body: { data: { ...LIMITS, checkUniqueAmount: true } },
      },
    });
    expect(
      await within(await section('Amounts held')).findByText('No amount is held on this account.'),
    ).toBeInTheDocument();
  });

  it('says an account that does not check unique amounts holds none', async () => {
    renderDetails(VIEW);
    expect(
      await within(await section('Amounts held')).findByText(
        'This account does not check unique amounts, so it holds none.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a load failure with the server message, and Try again loads them', async () => {
    const { api } = renderDetails(VIEW, {
      'GET /api/v1/people/account/5/amount-holds': {
        status: 500,
        body: { detail: 'Database unavailable' },
      },
    });
    const held = await section('Amounts held');
    expect(await within(held).findByRole('alert')).toHaveTextContent(
      'Could not load the amounts held: Database unavailable',
    );
    api.set('GET /api/v1/people/account/5/amount-holds', { body: { data: holds } });
    await userEvent.click(within(held).getByRole('button', { name: 'Try again' }));
    expect(await within(held).findByText('3200.00 UZS')).toBeInTheDocument();
  });
});

describe('account limits', () => {
  it('validates limit (digits only) and priority (≥ 0) before saving', async () => {
    const { api } = renderDetails(EDIT);
    const limits = await section('Limits');
    const limit = await within(limits).findByRole('textbox', {
      name: 'Limit (minor units of UZS)',
    });
    expect(limit).toHaveValue('5000000');
    expect(within(limits).getByText('= 50000.00 UZS')).toBeInTheDocument();
    expect(field(limits, 'Balance (UZS)')).toHaveValue('12345.00 UZS');
    expect(field(limits, 'Balance (UZS)')).toHaveAttribute('readonly');

    await userEvent.clear(limit);
    await userEvent.type(limit, '12a');
    await userEvent.clear(field(limits, 'Priority'));
    await userEvent.type(field(limits, 'Priority'), '-1');
    await userEvent.click(within(limits).getByRole('button', { name: 'Save' }));
    expect(await within(limits).findByText('Limit must contain digits only')).toBeInTheDocument();
    expect(within(limits).getByText('Priority must be at least 0')).toBeInTheDocument();

    await userEvent.clear(limit);
    await userEvent.type(limit, '10.5');
    await userEvent.clear(field(limits, 'Priority'));
    await userEvent.type(field(limits, 'Priority'), 'x');
    await userEvent.click(within(limits).getByRole('button', { name: 'Save' }));
    expect(await within(limits).findByText('Priority must be a number')).toBeInTheDocument();
    expect(within(limits).getByText('Limit must contain digits only')).toBeInTheDocument();

    await userEvent.clear(limit);
    await userEvent.clear(field(limits, 'Priority'));
    await userEvent.click(within(limits).getByRole('button', { name: 'Save' }));
    expect(await within(limits).findByText('Limit is required')).toBeInTheDocument();
    expect(within(limits).getByText('Priority is required')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
  });

  it("saves limit in minor units, priority and checkUniqueAmount: 'Successfully changed'", async () => {
    const { api } = renderDetails(EDIT, {
      'PUT /api/router/v1/people/account/limit/5': {
        body: { data: { ...LIMITS, limit: 7_500_000, priority: 0, checkUniqueAmount: true } },
      },
    });
    const limits = await section('Limits');
    const limit = await within(limits).findByRole('textbox', {
      name: 'Limit (minor units of UZS)',
    });
    await userEvent.clear(limit);
    await userEvent.type(limit, '7500000');
    expect(within(limits).getByText('= 75000.00 UZS')).toBeInTheDocument();
    await userEvent.clear(field(limits, 'Priority'));
    await userEvent.type(field(limits, 'Priority'), '0');
    await userEvent.click(within(limits).getByRole('checkbox', { name: 'Check unique amount' }));
    await userEvent.click(within(limits).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(await api.bodiesOf('PUT /api/router/v1/people/account/limit/5')).toEqual([
      { limit: 7_500_000, priority: 0, checkUniqueAmount: true },
    ]);
    // The limits are asked for again.
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call === 'GET /api/router/v1/people/account/limit/5'),
      ).toHaveLength(2),
    );
  });

  it('starts empty when no limits are set and toasts the server message on failure', async () => {
    const { api } = renderDetails(EDIT, {
      'GET /api/router/v1/people/account/limit/5': { body: { data: null } },
      'PUT /api/router/v1/people/account/limit/5': {
        status: 400,
        body: { detail: 'Limit must be at most 9007199254740991' },
      },
    });
    const limits = await section('Limits');
    expect(await within(limits).findByText('Limits are not set yet.')).toBeInTheDocument();
    const limit = field(limits, 'Limit (minor units of UZS)');
    expect(limit).toHaveValue('');
    expect(field(limits, 'Balance (UZS)')).toHaveValue('-');
    await userEvent.type(limit, '100');
    await userEvent.type(field(limits, 'Priority'), '3');
    await userEvent.click(within(limits).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Limit must be at most 9007199254740991')).toBeInTheDocument();
    expect(await api.bodiesOf('PUT /api/router/v1/people/account/limit/5')).toEqual([
      { limit: 100, priority: 3, checkUniqueAmount: false },
    ]);
    // What was typed stays.
    expect(limit).toHaveValue('100');
  });
});

describe('account credentials', () => {
  const openAdd = async () => {
    const credentials = await section('Credentials');
    await userEvent.click(within(credentials).getByRole('button', { name: 'Add credential' }));
    return screen.findByRole('dialog', { name: 'Add credential' });
  };
  const choose = async (dialog: HTMLElement, name: string, option: string) => {
    const select = within(dialog).getByRole('combobox', { name });
    await userEvent.selectOptions(
      select,
      await within(select).findByRole('option', { name: option }),
    );
  };

  it('requires type, parameter type and value', async () => {
    const { api } = renderDetails(EDIT);
    const dialog = await openAdd();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Credential type is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Parameter type is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Value is required')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('checks the value the way the server does: a card number must pass Luhn', async () => {
    const { api } = renderDetails(EDIT);
    const dialog = await openAdd();
    await choose(dialog, 'Type', 'Card number');
    await choose(dialog, 'Parameter type', 'String');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Value' }),
      '8600 4953 1234 5671',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('Card number is not valid: check the digits'),
    ).toBeInTheDocument();
    await choose(dialog, 'Parameter type', 'Char');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('value is not Char')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it("adds a credential: 'Successfully changed'", async () => {
    const { api } = renderDetails(EDIT, {
      'POST /api/v1/people/account/5/credential': {
        status: 201,
        body: {
          data: {
            id: 32,
            credentialType: PHONE_TYPE,
            paramType: STRING_TYPE,
            value: '+998901234567',
          },
        },
      },
    });
    const dialog = await openAdd();
    await choose(dialog, 'Type', 'Phone number');
    await choose(dialog, 'Parameter type', 'String');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Value' }),
      ' +998 90 123 45 67 ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/v1/people/account/5/credential')).toEqual([
      { credentialTypeId: PHONE_TYPE.id, paramTypeId: STRING_TYPE.id, value: '+998 90 123 45 67' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The account (with its credentials) is asked for again.
    await waitFor(() =>
      expect(api.calls.filter((call) => call === 'GET /api/v1/people/account/5')).toHaveLength(2),
    );
  });

  it('keeps the dialog open and shows the server message when the server refuses', async () => {
    renderDetails(EDIT, {
      'POST /api/v1/people/account/5/credential': {
        status: 409,
        body: {
          detail:
            'The account already has a Card number credential (#31); change or remove that one',
        },
      },
    });
    const dialog = await openAdd();
    await choose(dialog, 'Type', 'Card number');
    await choose(dialog, 'Parameter type', 'String');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Value' }),
      '4111111111111111',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText(
        'The account already has a Card number credential (#31); change or remove that one',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add credential' })).toBeInTheDocument();
  });

  it('changes a credential with its whole new state', async () => {
    const { api } = renderDetails(EDIT, {
      'PUT /api/v1/people/account/5/credential/31': {
        body: { data: { ...CARD_CREDENTIAL, value: '4111111111111111' } },
      },
    });
    const credentials = await section('Credentials');
    await userEvent.click(within(credentials).getByRole('button', { name: 'Change Card number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change credential' });
    const value = within(dialog).getByRole('textbox', { name: 'Value' });
    expect(value).toHaveValue('8600495312345670');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveValue(
        String(CARD_TYPE.id),
      ),
    );
    await userEvent.clear(value);
    await userEvent.type(value, '4111 1111 1111 1111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(await api.bodiesOf('PUT /api/v1/people/account/5/credential/31')).toEqual([
      { credentialTypeId: CARD_TYPE.id, paramTypeId: STRING_TYPE.id, value: '4111 1111 1111 1111' },
    ]);
  });

  it("removes a credential after confirmation: 'Successfully removed'", async () => {
    const { api } = renderDetails(EDIT, {
      'DELETE /api/v1/people/account/5/credential/31': { body: { data: CARD_CREDENTIAL } },
    });
    const credentials = await section('Credentials');
    await userEvent.click(within(credentials).getByRole('button', { name: 'Remove Card number' }));
    let confirm = await screen.findByRole('dialog', { name: 'Remove credential' });
    expect(confirm).toHaveTextContent('Remove the Card number 8600 4953 1234 5670 from account 5?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.startsWith('DELETE'))).toEqual([]);

    await userEvent.click(within(credentials).getByRole('button', { name: 'Remove Card number' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove credential' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Successfully removed')).toBeInTheDocument();
    expect(api.calls).toContain('DELETE /api/v1/people/account/5/credential/31');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toasts the server message when removing fails', async () => {
    renderDetails(EDIT, {
      'DELETE /api/v1/people/account/5/credential/31': {
        status: 404,
        body: { detail: 'Credential not found' },
      },
    });
    const credentials = await section('Credentials');
    await userEvent.click(within(credentials).getByRole('button', { name: 'Remove Card number' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove credential' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Credential not found')).toBeInTheDocument();
  });

  it("shows 'No credentials' for an account without any", async () => {
    renderDetails(EDIT, {
      'GET /api/v1/people/account/5': { body: { data: accountDetails({ credentials: [] }) } },
    });
    const credentials = await section('Credentials');
    expect(within(credentials).getByText('No credentials')).toBeInTheDocument();
    expect(within(credentials).getByRole('button', { name: 'Add credential' })).toBeInTheDocument();
  });
});
