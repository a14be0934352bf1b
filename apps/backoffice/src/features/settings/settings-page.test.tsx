import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { personWith } from '../../testing/test-people.ts';
import { ChangePasswordPage } from './change-password-page.tsx';
import { SecurityPage } from './security-page.tsx';
import { SettingsPage } from './settings-page.tsx';

const SWITCH = 'PATCH /api/v1/people/me/testDashboard';

const renderSettings = (testDashboard = false) => {
  const api = fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith([], { testDashboard }) } },
  });
  const view = renderScreen(
    '/settings',
    { path: '/settings', element: <SettingsPage /> },
    { path: '/settings/change-password', element: <ChangePasswordPage /> },
    { path: '/settings/security', element: <SecurityPage /> },
  );
  return { api, ...view };
};

afterEach(() => vi.unstubAllGlobals());

describe('settings', () => {
  it('links to change password', async () => {
    const { router } = renderSettings();
    await userEvent.click(await screen.findByRole('link', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/change-password');
  });

  it('links to security, next to change password', async () => {
    const { api, router } = renderSettings();
    api.set('GET /api/v1/sessions', { body: { data: [] } });
    const links = within(await screen.findByRole('region', { name: 'Account' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.slice(0, 2)).toEqual(['Change password', 'Security']);
    await userEvent.click(screen.getByRole('link', { name: 'Security' }));
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/security');
  });

  it("shows the person's test-dashboard mode", async () => {
    renderSettings(true);
    expect(await screen.findByRole('switch', { name: 'Test dashboard mode' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('switches the test-dashboard mode and updates the cached person', async () => {
    const { api } = renderSettings(false);
    api.set(SWITCH, { body: { data: personWith([], { testDashboard: true }) } });
    const toggle = await screen.findByRole('switch', { name: 'Test dashboard mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    // From now on the server knows the new mode.
    api.set('GET /api/v1/people/me', { body: { data: personWith([], { testDashboard: true }) } });

    await userEvent.click(toggle);

    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(await api.bodiesOf(SWITCH)).toEqual([{ testDashboard: true }]);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Test dashboard mode' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
  });

  it("toasts the server's message and keeps the mode when the switch fails", async () => {
    const { api } = renderSettings(false);
    api.set(SWITCH, { status: 500, body: { detail: 'Database unavailable' } });
    await userEvent.click(await screen.findByRole('switch', { name: 'Test dashboard mode' }));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.queryByText('Successfully changed')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Test dashboard mode' })).toHaveAttribute(
        'aria-checked',
        'false',
      ),
    );
  });
});
