import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './app-routes.tsx';

const renderAt = (path: string) =>
  render(<RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: [path] })} />);

describe('payment form routes', () => {
  it('renders the form for /payment/:formId', () => {
    renderAt('/payment/f-123?lang=ru');
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByText('f-123')).toBeInTheDocument();
  });

  it('says so when the path is not a payment', () => {
    renderAt('/something-else');
    expect(screen.getByRole('heading', { name: 'Payment not found' })).toBeInTheDocument();
  });
});
