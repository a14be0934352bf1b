import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi, problem } from '../../testing/fake-api.ts';
import { personWith, renderApp } from '../../testing/render-app.tsx';

const UZS = { id: 1, code: 'UZS', dimension: 2 };
const MERCHANTS = {
  body: {
    data: {
      items: [
        { id: 3, name: 'Silk Road Games', clientPublicKey: 'pk_1', terminals: [] },
        { id: 5, name: 'Tashkent Books', clientPublicKey: 'pk_2', terminals: [] },
      ],
      page: 0,
      size: 50,
      total: 2,
    },
  },
};
const TERMINALS = { body: { data: [{ id: 11, name: 'UZS deposits', currency: UZS }] } };
const FAILED = { status: 500, body: problem(500, 'Database unavailable') };

/** The invoice list (the header's terminal shows there) for a person with the permissions. */
const workspaceApi = (
  permissions: string[],
  routes: Record<string, FakeAnswer>,
  person: Record<string, unknown> = {},
) =>
  fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith(permissions, person) } },
    'GET /api/v1/merchant': MERCHANTS,
    'GET /api/v1/terminal': TERMINALS,
    'GET /api/v1/reference': { body: { data: [] } },
    'GET /api/v1/invoice': { body: { data: { items: [], page: 0, size: 10, total: 0 } } },
    ...routes,
  });

const header = () => screen.getByRole('banner');
const shownHeader = () => screen.findByRole('banner');
const callsTo = (calls: readonly string[], path: string) =>
  calls.filter((call) => call.split('?')[0] === `GET ${path}`);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the header merchant chooser', () => {
  it('says why the merchants could not load, tries again, and nothing is asked meanwhile', async () => {
    const api = workspaceApi(['merchant.rw.all', 'merchant.read'], {
      'GET /api/v1/merchant': FAILED,
    });
    renderApp('/invoices');
    const alert = await within(await shownHeader()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the merchants: Database unavailable');
    expect(within(header()).getByRole('combobox', { name: 'Merchant' })).toBeDisabled();
    // Without a merchant the screens wait: no call would be scoped to every merchant.
    expect(callsTo(api.calls, '/api/v1/invoice')).toEqual([]);
    expect(callsTo(api.calls, '/api/v1/terminal')).toEqual([]);

    api.set('GET /api/v1/merchant', MERCHANTS);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const merchant = within(header()).getByRole('combobox', { name: 'Merchant' });
    await waitFor(() => expect(merchant).toHaveValue('3'));
    expect(merchant).toBeEnabled();
    expect(within(header()).queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(api.calls, '/api/v1/invoice').at(-1)).toContain('merchantId=3'),
    );
    expect(callsTo(api.calls, '/api/v1/terminal')).toEqual(['GET /api/v1/terminal?merchantId=3']);
  });
});

describe('a screen waiting for the merchant list', () => {
  it('says why in place of its content, with Try again, instead of loading for ever', async () => {
    const api = workspaceApi(['merchant.rw.all', 'merchant.read'], {
      'GET /api/v1/merchant': FAILED,
    });
    renderApp('/invoices');
    const main = await screen.findByRole('main');
    const alert = await within(main).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the merchants: Database unavailable');
    expect(within(main).queryByRole('status', { name: 'Loading transactions' })).toBeNull();

    api.set('GET /api/v1/merchant', MERCHANTS);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(callsTo(api.calls, '/api/v1/invoice').at(-1)).toContain('merchantId=3'),
    );
    expect(await within(main).findByText('Nothing found')).toBeInTheDocument();
    expect(within(main).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the header terminal selector', () => {
  it('says why the terminals could not load and tries again', async () => {
    const api = workspaceApi(
      ['merchant.read'],
      { 'GET /api/v1/terminal': FAILED },
      { merchantId: 3 },
    );
    renderApp('/invoices');
    const alert = await within(await shownHeader()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the terminals: Database unavailable');
    // One merchant's user: no merchant to choose, and the screen asks for their own at once.
    expect(within(header()).queryByRole('combobox', { name: 'Merchant' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(api.calls, '/api/v1/invoice')).toHaveLength(1));
    expect(callsTo(api.calls, '/api/v1/invoice')[0]).not.toContain('merchantId');

    api.set('GET /api/v1/terminal', TERMINALS);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const terminal = within(header()).getByRole('combobox', { name: 'Terminal' });
    expect(
      await within(terminal).findByRole('option', { name: 'UZS deposits (11)' }),
    ).toBeInTheDocument();
    expect(within(header()).queryByRole('alert')).not.toBeInTheDocument();
  });
});
