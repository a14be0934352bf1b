import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { appRoutes } from '../app/app-routes.tsx';
import { createAppStore } from '../app/store.ts';
import { terminalChosen } from '../features/workspace/workspace-slice.ts';
import { openNewTab } from './session-cookies.ts';

/**
 * Renders the whole app at a path with a fresh store, as in a new tab. `session`: whether the
 * browser holds the session marker cookie of a sign-in (default), so the app asks
 * GET /api/v1/people/me; without it the start is signed out and asks nothing. `terminalId`: the
 * header's terminal, as if chosen earlier in the tab.
 */
export const renderApp = (
  path: string,
  { session = true, terminalId = '' }: { session?: boolean; terminalId?: string } = {},
) => {
  openNewTab({ session });
  const store = createAppStore();
  store.dispatch(terminalChosen(terminalId));
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
};

export { personWith } from './test-people.ts';
