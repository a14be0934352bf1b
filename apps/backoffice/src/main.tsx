import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { appRoutes } from './app/app-routes.tsx';
import { createAppStore } from './app/store.ts';
import './app/backoffice.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const store = createAppStore();
createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={createBrowserRouter(appRoutes)} />
    </AppProviders>
  </StrictMode>,
);
