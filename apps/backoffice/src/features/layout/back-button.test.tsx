import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackButton } from './back-button.tsx';

const Where = () => <p>at {useLocation().pathname}</p>;

const routes = [
  { path: '/invoices', element: <Where /> },
  {
    path: '/invoices/:id',
    element: (
      <>
        <Where />
        <BackButton />
      </>
    ),
  },
  { path: '/settings', element: <Where /> },
  {
    path: '/settings/change-password',
    element: (
      <>
        <Where />
        <BackButton fallback="/settings" />
      </>
    ),
  },
  { path: '/login', element: <Where /> },
];

const back = () => userEvent.click(screen.getByRole('button', { name: '← Back' }));

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('BackButton (SPEC §2 generic back button)', () => {
  it('goes one step back in the app’s history', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/invoices?page=2'] });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/invoices/42'));
    await back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    // Back, not forward to a new entry: the list as it was left.
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.historyAction).toBe('POP');
  });

  it('goes to the invoice list when the page was opened directly (no history in the app)', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/invoices/42'] });
    render(<RouterProvider router={router} />);
    await back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    expect(screen.getByText('at /invoices')).toBeInTheDocument();
  });

  it('goes to the feature’s own list when it names one', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/settings/change-password'] });
    render(<RouterProvider router={router} />);
    await back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  it('runs a custom handler instead, when one is given', async () => {
    const onBack = vi.fn();
    const router = createMemoryRouter(
      [{ path: '/invoices/:id', element: <BackButton onBack={onBack} /> }],
      { initialEntries: ['/x', '/invoices/42'], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);
    await back();
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/invoices/42');
  });

  it('in the browser, counts a page that replaced the first one (a redirect) as the first', async () => {
    window.history.replaceState(null, '', '/login');
    const router = createBrowserRouter(routes);
    render(<RouterProvider router={router} />);
    // Signed in, login replaces itself with the invoice the tab was opened for.
    await act(() => router.navigate('/invoices/42', { replace: true }));
    await back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    expect(window.location.pathname).toBe('/invoices');
  });
});
