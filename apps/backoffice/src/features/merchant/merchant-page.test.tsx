import { ENTITY_NAME_MESSAGES, ROLE_PERMISSIONS } from '@paygate/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { personWith } from '../../testing/test-people.ts';
import { MerchantPage, NO_MERCHANT_ACCESS } from './merchant-page.tsx';
import { SECRET_SHOWN_ONCE } from './signing-secret-dialog.tsx';

const OWN = {
  id: 3,
  name: 'Silk Road Games',
  clientPublicKey: 'pk_0123456789abcdef0123456789abcdef',
  terminals: [{ id: 11, name: 'UZS deposits' }],
};
const OTHER = {
  id: 5,
  name: 'Tashkent Books',
  clientPublicKey: 'pk_fedcba9876543210fedcba9876543210',
  terminals: [],
};
const SECRET = 'sk_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cy0xMjM0NTY3OA==';
const WEBHOOK_SECRET = 'whsec_d2ViaG9vay1zaWduaW5nLWtleS1mb3ItdGVzdHMtMTIzNDU2';

const setUp = (permissions: string[]) => {
  const merchants = [OWN, OTHER];
  const api = fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith(permissions) } },
    'GET /api/v1/merchant/me': { body: { data: OWN } },
    'GET /api/v1/merchant': () => ({
      body: { data: { items: merchants, page: 0, size: 50, total: merchants.length } },
    }),
  });
  const view = renderScreen('/merchant', { path: '/merchant', element: <MerchantPage /> });
  return { api, merchants, ...view };
};

const nameField = () => screen.findByLabelText(/^Merchant name/);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('own merchant (merchant.read)', () => {
  it('shows the name and the public key, without New Merchant', async () => {
    const { api } = setUp(['merchant.read']);
    expect(await nameField()).toHaveValue('Silk Road Games');
    expect(screen.getByText(OWN.clientPublicKey)).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/v1/merchant/me');
    expect(screen.queryByRole('button', { name: 'New Merchant' })).not.toBeInTheDocument();
    // Nothing to save until the name changes.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('applies the name rules of SPEC §5 and sends nothing while they fail', async () => {
    const { api } = setUp(['merchant.read']);
    const name = await nameField();
    await userEvent.clear(name);
    await save();
    expect(await screen.findByText(ENTITY_NAME_MESSAGES.required)).toBeVisible();
    expect(screen.getByText('Name is required')).toBeVisible();

    await userEvent.type(name, 'ab');
    await save();
    expect(await screen.findByText('Name must be at least 3 characters long')).toBeVisible();

    // Spaces around the name do not count.
    await userEvent.clear(name);
    await userEvent.type(name, '  ab  ');
    await save();
    expect(await screen.findByText('Name must be at least 3 characters long')).toBeVisible();
    expect(api.calls.filter((call) => call.startsWith('PUT '))).toEqual([]);
  });

  it("renames the merchant, toasts 'Successfully changed' and shows the saved name", async () => {
    const { api } = setUp(['merchant.read']);
    api.set('PUT /api/v1/merchant/3', (request) =>
      request.json().then((body) => {
        const renamed = { ...OWN, name: (body as { name: string }).name };
        api.set('GET /api/v1/merchant/me', { body: { data: renamed } });
        return { body: { data: renamed } };
      }),
    );
    const name = await nameField();
    await userEvent.clear(name);
    await userEvent.type(name, '  Silk Road Games 2 ');
    await save();

    expect(await screen.findByText('Successfully changed')).toBeVisible();
    expect(await api.bodiesOf('PUT /api/v1/merchant/3')).toEqual([{ name: 'Silk Road Games 2' }]);
    await waitFor(() => expect(name).toHaveValue('Silk Road Games 2'));
    expect(api.calls.filter((call) => call === 'GET /api/v1/merchant/me')).toHaveLength(2);
  });

  it("toasts the server's message when the rename is refused", async () => {
    const { api } = setUp(['merchant.read']);
    api.set('PUT /api/v1/merchant/3', { status: 404, body: { detail: 'Merchant not found' } });
    const name = await nameField();
    await userEvent.type(name, ' Ltd');
    await save();
    expect(await screen.findByText('Merchant not found')).toBeVisible();
    expect(name).toHaveValue('Silk Road Games Ltd');
  });

  it('copies the public key', async () => {
    const user = userEvent.setup();
    setUp(['merchant.read']);
    await nameField();
    await user.click(screen.getByRole('button', { name: 'Copy public key' }));
    expect(await navigator.clipboard.readText()).toBe(OWN.clientPublicKey);
    expect(screen.getByRole('button', { name: 'Copy public key' })).toHaveTextContent('Copied');
  });

  it('says why it cannot be loaded, and retries', async () => {
    const { api } = setUp(['merchant.read']);
    api.set('GET /api/v1/merchant/me', { status: 500, body: { detail: 'Database down' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the merchant: Database down',
    );
    api.set('GET /api/v1/merchant/me', { body: { data: OWN } });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await nameField()).toHaveValue('Silk Road Games');
  });

  it('tells a person without merchant permissions that there is nothing for them', async () => {
    const { api } = setUp([]);
    expect(await screen.findByText(NO_MERCHANT_ACCESS)).toBeVisible();
    expect(api.calls.some((call) => call.startsWith('GET /api/v1/merchant'))).toBe(false);
  });
});

describe('New Merchant needs merchant.create', () => {
  const newMerchant = () => screen.queryByRole('button', { name: 'New Merchant' });

  it.each([
    ['support', [...ROLE_PERMISSIONS.support]],
    ['operator', [...ROLE_PERMISSIONS.operator]],
    ['merchant.rw.all alone', ['merchant.rw.all']],
  ])('is not offered to %s (merchant.rw.all without merchant.create)', async (_, permissions) => {
    setUp(permissions);
    // The screen is there: the chooser and the chosen merchant load, New Merchant does not.
    expect(await screen.findByText(OWN.clientPublicKey)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Merchant' })).toHaveValue(String(OWN.id));
    expect(newMerchant()).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not offered to a merchant user', async () => {
    setUp([...ROLE_PERMISSIONS.merchant]);
    expect(await screen.findByText(OWN.clientPublicKey)).toBeInTheDocument();
    expect(newMerchant()).not.toBeInTheDocument();
  });

  it.each([
    ['admin', [...ROLE_PERMISSIONS.admin]],
    // The control follows merchant.create itself, not merchant.rw.all.
    ['merchant.create without merchant.rw.all', ['merchant.create', 'merchant.read']],
  ])('is offered to %s and opens the dialog', async (_, permissions) => {
    setUp(permissions);
    await userEvent.click(await screen.findByRole('button', { name: 'New Merchant' }));
    expect(await screen.findByRole('dialog', { name: 'New Merchant' })).toBeInTheDocument();
  });
});

describe('chosen merchant and New Merchant (merchant.rw.all, merchant.create)', () => {
  it('shows the merchant chosen in the header', async () => {
    setUp(['merchant.rw.all', 'merchant.read']);
    expect(await nameField()).toHaveValue('Silk Road Games');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Merchant' }), '5');
    await waitFor(async () => expect(await nameField()).toHaveValue('Tashkent Books'));
    expect(screen.getByText(OTHER.clientPublicKey)).toBeInTheDocument();
  });

  it('renames the chosen merchant', async () => {
    const { api } = setUp(['merchant.rw.all', 'merchant.read']);
    api.set('PUT /api/v1/merchant/5', { body: { data: { ...OTHER, name: 'Tashkent Books 2' } } });
    await nameField();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Merchant' }), '5');
    await waitFor(async () => expect(await nameField()).toHaveValue('Tashkent Books'));
    await userEvent.type(await nameField(), ' 2');
    await save();
    expect(await screen.findByText('Successfully changed')).toBeVisible();
    expect(await api.bodiesOf('PUT /api/v1/merchant/5')).toEqual([{ name: 'Tashkent Books 2' }]);
  });

  it('validates the new name, creates the merchant and shows its secret once', async () => {
    const user = userEvent.setup();
    const { api, merchants, store } = setUp([
      'merchant.rw.all',
      'merchant.read',
      'merchant.create',
    ]);
    api.set('POST /api/v1/merchant', (request) =>
      request.json().then((body) => {
        const created = {
          id: 9,
          name: (body as { name: string }).name,
          clientPublicKey: 'pk_99999999999999999999999999999999',
          terminals: [],
        };
        merchants.push(created);
        return {
          status: 201,
          body: { data: { ...created, signingSecret: SECRET, webhookSecret: WEBHOOK_SECRET } },
        };
      }),
    );
    await nameField();
    await user.click(screen.getByRole('button', { name: 'New Merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Merchant' });

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    await user.type(within(dialog).getByLabelText(/^Merchant name/), 'Ab');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('Name must be at least 3 characters long'),
    ).toBeVisible();
    expect(api.calls).not.toContain('POST /api/v1/merchant');

    await user.type(within(dialog).getByLabelText(/^Merchant name/), 'u Darya Pay ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Merchant created')).toBeVisible();
    expect(await api.bodiesOf('POST /api/v1/merchant')).toEqual([{ name: 'Abu Darya Pay' }]);
    const keys = await screen.findByRole('dialog', { name: 'Keys of Abu Darya Pay' });
    expect(screen.queryByRole('dialog', { name: 'New Merchant' })).not.toBeInTheDocument();
    expect(keys).toHaveAccessibleDescription(expect.stringContaining(SECRET_SHOWN_ONCE));
    expect(within(keys).getByText(SECRET)).toBeVisible();
    await user.click(within(keys).getByRole('button', { name: 'Copy signing secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    // The secret is shown, never kept: nothing in the store holds it.
    expect(JSON.stringify(store.getState())).not.toContain(SECRET);

    await user.click(within(keys).getByRole('button', { name: 'I have stored the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Merchant' })).toHaveFocus();
    // The screen moves to the new merchant.
    await waitFor(async () => expect(await nameField()).toHaveValue('Abu Darya Pay'));
    expect(screen.getByRole('combobox', { name: 'Merchant' })).toHaveValue('9');
  });

  it("keeps the dialog open and toasts the server's message when creation fails", async () => {
    const { api } = setUp(['merchant.rw.all', 'merchant.read', 'merchant.create']);
    api.set('POST /api/v1/merchant', { status: 400, body: { detail: 'Name is taken' } });
    await nameField();
    await userEvent.click(screen.getByRole('button', { name: 'New Merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Merchant' });
    await userEvent.type(within(dialog).getByLabelText(/^Merchant name/), 'Silk Road Games');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name is taken')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'New Merchant' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /^Keys of/ })).not.toBeInTheDocument();
  });
});
