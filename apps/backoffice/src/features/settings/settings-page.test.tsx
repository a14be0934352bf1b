import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { personWith } from '../../testing/test-people.ts';
import { ChangePasswordPage } from './change-password-page.tsx';
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
    api.set(SWITCH, { status: 500, body: { message: 'Database unavailable' } });
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
