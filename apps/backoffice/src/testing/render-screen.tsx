import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Navigate, RouterProvider } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { createAppStore } from '../app/store.ts';
import { AppLayout } from '../features/layout/app-layout.tsx';
import { RequireSession } from '../features/session/session-guards.tsx';
import { openNewTab } from './session-cookies.ts';

/**
 * Renders one screen inside the real signed-in frame (session guard, layout, store, toasts) without
 * the whole route table: `renderScreen('/terminals', { path: '/terminals', element: <TerminalsPage /> })`.
 * Extra routes (e.g. a details page a row links to) can be given; anything else lands on a
 * "login" marker so redirects are visible.
 */
export const renderScreen = (
  url: string,
  ...screens: Array<{ path: string; element: ReactNode }>
) => {
  // A new tab, signed in as far as the browser knows: the marker cookie is there (decision 0010).
  openNewTab({ session: true });
  const store = createAppStore();
  const router = createMemoryRouter(
    [
      {
        element: <RequireSession />,
        children: [{ element: <AppLayout />, children: screens }],
      },
      { path: '/login', element: <h1>Sign in</h1> },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
};
