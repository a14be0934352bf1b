import { renderScreen } from '../../testing/render-screen.tsx';
import { DevelopersPage } from './developers-page.tsx';

/** The Developers screen at a URL (e.g. '/developers?tab=events'), an invoice page marker beside it. */
export const renderDevelopers = (url = '/developers') =>
  renderScreen(
    url,
    { path: '/developers', element: <DevelopersPage /> },
    { path: '/invoices/:id', element: <h1>Invoice details</h1> },
  );
