import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { personWith, renderApp } from '../../testing/render-app.tsx';
import { SELECTED_MERCHANT_STORAGE_KEY } from '../workspace/workspace-slice.ts';
import { renderDevelopers } from './developers-render.tsx';
import {
  API_KEYS,
  callsTo,
  data,
  developersApi,
  KEYS,
  KEYS_ALL,
  MERCHANTS,
  problem,
} from './developers-test-kit.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const developerCalls = (calls: readonly string[]) =>
  calls.filter((call) => call.includes('/api/v1/developers/'));

describe('Developers access', () => {
  it('says what is missing and asks nothing without merchant.keys', async () => {
    const api = developersApi(['merchant.read', 'merchant.rw.all', 'audit.read']);
    renderDevelopers('/developers?tab=events');
    expect(await screen.findByRole('heading', { name: 'Developers' })).toBeInTheDocument();
    expect(
      await screen.findByText('The Developers screen needs the merchant.keys permission.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create API key' })).not.toBeInTheDocument();
    // Give any request a chance to go out before checking none did.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(developerCalls(api.calls)).toEqual([]);
    // Nor is the screen offered in the navigation.
    expect(screen.queryByRole('link', { name: 'Developers' })).not.toBeInTheDocument();
  });

  it('is at /developers in the route table and in the navigation with merchant.keys', async () => {
    const api = developersApi(KEYS);
    const { router } = renderApp('/developers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
    expect(await screen.findByRole('table', { name: 'API keys' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/developers');
    expect(screen.getByRole('link', { name: 'Developers' })).toHaveAttribute('href', '/developers');
    expect(callsTo(api.calls, API_KEYS)).toEqual([API_KEYS]);
  });

  it('is refused through the route table too without merchant.keys', async () => {
    const api = fakeApi({
      'GET /api/v1/people/me': { body: { data: personWith(['merchant.read']) } },
    });
    renderApp('/developers');
    expect(
      await screen.findByText('The Developers screen needs the merchant.keys permission.'),
    ).toBeInTheDocument();
    expect(developerCalls(api.calls)).toEqual([]);
  });
});

describe('Developers tabs', () => {
  it('moves between the sections with the arrow keys, the tab in the URL', async () => {
    const user = userEvent.setup();
    const api = developersApi();
    const { router } = renderDevelopers();
    const tablist = await screen.findByRole('tablist', { name: 'Developer settings' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['API keys', 'Webhook signing secret', 'Webhook endpoints', 'Events']);
    const first = within(tablist).getByRole('tab', { name: 'API keys' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'API keys' })).toBeInTheDocument();

    first.focus();
    await user.keyboard('{ArrowRight}');
    const secret = within(tablist).getByRole('tab', { name: 'Webhook signing secret' });
    expect(secret).toHaveFocus();
    expect(secret).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=webhook-secret');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Webhook signing secret' }),
    ).toBeInTheDocument();

    await user.keyboard('{End}');
    expect(router.state.location.search).toBe('?tab=events');
    expect(await screen.findByRole('table', { name: 'Events' })).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(router.state.location.search).toBe('');
    // Each section asked for its own data once it was shown.
    await waitFor(() =>
      expect(developerCalls(api.calls).map((call) => call.split('?')[0])).toEqual([
        'GET /api/v1/developers/api-keys',
        'GET /api/v1/developers/webhook-secrets',
        'GET /api/v1/developers/events',
      ]),
    );
  });

  it('opens the tab the URL names, the first one for an unknown name', async () => {
    developersApi();
    const { unmount } = renderDevelopers('/developers?tab=endpoints');
    expect(await screen.findByRole('tab', { name: 'Webhook endpoints' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    unmount();
    renderDevelopers('/developers?tab=nope');
    expect(await screen.findByRole('tab', { name: 'API keys' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

describe('the merchant of an administrator', () => {
  it('acts on the merchant chosen in the header and follows a new choice', async () => {
    const user = userEvent.setup();
    const api = developersApi(KEYS_ALL);
    renderDevelopers();
    expect(await screen.findByText('Silk Road Games', { selector: 'strong' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'API keys' });
    expect(callsTo(api.calls, API_KEYS)).toEqual([`${API_KEYS}?merchantId=3`]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Merchant' }), 'Tashkent Books');
    expect(await screen.findByText('Tashkent Books', { selector: 'strong' })).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(api.calls, API_KEYS)).toEqual([
        `${API_KEYS}?merchantId=3`,
        `${API_KEYS}?merchantId=5`,
      ]),
    );
  });

  it('starts from the merchant chosen earlier', async () => {
    localStorage.setItem(SELECTED_MERCHANT_STORAGE_KEY, '5');
    const api = developersApi(KEYS_ALL);
    renderDevelopers();
    expect(await screen.findByText('Tashkent Books', { selector: 'strong' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'API keys' });
    expect(callsTo(api.calls, API_KEYS)).toEqual([`${API_KEYS}?merchantId=5`]);
  });

  it('asks for a merchant first when there is none to choose', async () => {
    const api = developersApi(KEYS_ALL, {
      'GET /api/v1/merchant': data({ items: [], page: 0, size: 50, total: 0 }),
    });
    renderDevelopers();
    expect(
      await screen.findByText('Choose a merchant first: there is none to choose from yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(developerCalls(api.calls)).toEqual([]);
  });

  it('says why the merchant list could not load, with Try again, instead of loading for ever', async () => {
    const api = developersApi(KEYS_ALL, {
      'GET /api/v1/merchant': problem(500, 'Database unavailable'),
    });
    renderDevelopers();
    const screenRegion = await screen.findByRole('region', { name: 'Developers' });
    const alert = await within(screenRegion).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the merchants: Database unavailable');
    expect(within(screenRegion).queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    // Without a merchant nothing is asked: no call would be scoped to every merchant.
    expect(developerCalls(api.calls)).toEqual([]);

    api.set('GET /api/v1/merchant', MERCHANTS);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Silk Road Games', { selector: 'strong' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'API keys' });
    expect(within(screenRegion).queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo(api.calls, API_KEYS)).toEqual([`${API_KEYS}?merchantId=3`]);
  });

  it('sends no merchant for a merchant user and names none', async () => {
    const api = developersApi(KEYS);
    renderDevelopers();
    await screen.findByRole('table', { name: 'API keys' });
    expect(screen.queryByText(/^Merchant:/)).not.toBeInTheDocument();
    expect(callsTo(api.calls, 'GET /api/v1/merchant')).toEqual([]);
  });
});
