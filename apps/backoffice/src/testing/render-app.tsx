import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { appRoutes } from '../app/app-routes.tsx';
import { createAppStore } from '../app/store.ts';

/** Renders the whole app at a path with a fresh store (each test starts signed out of nothing). */
export const renderApp = (path: string) => {
  const store = createAppStore();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
};

export { personWith } from './test-people.ts';
