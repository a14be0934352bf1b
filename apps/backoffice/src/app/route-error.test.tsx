import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { problem } from '../testing/fake-api.ts';
import { RouteError } from './route-error.tsx';

const renderThrowing = (thrown: unknown) => {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: null,
        loader: () => {
          throw thrown;
        },
        errorElement: <RouteError />,
      },
      { path: '/invoices', element: null },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
};

describe('RouteError', () => {
  it('shows an API problem’s detail and request id', async () => {
    renderThrowing({
      status: 500,
      data: problem(500, 'Internal server error', 'internal_error', { requestId: 'req-77' }),
    });
    expect(await screen.findByRole('heading')).toHaveTextContent('Unexpected Application Error!');
    expect(screen.getByText('Internal server error')).toBeInTheDocument();
    expect(screen.getByText('req-77')).toBeInTheDocument();
  });

  it('shows a thrown error’s message and no request id', async () => {
    renderThrowing(new Error('chunk failed'));
    expect(await screen.findByText('chunk failed')).toBeInTheDocument();
    expect(screen.queryByText(/Request ID/)).not.toBeInTheDocument();
  });
});
