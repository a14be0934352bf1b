import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailed, Loading } from './load-state.tsx';

describe('LoadFailed', () => {
  it("says what failed with the server's reason, and tries again", async () => {
    const refetch = vi.fn();
    render(
      <LoadFailed
        message="Could not load the roles"
        query={{
          error: { status: 500, data: { detail: 'Database unavailable' } },
          isFetching: false,
          refetch,
        }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load the roles: Database unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps Try again busy while it fetches again', () => {
    render(
      <LoadFailed
        message="Could not load the roles"
        query={{ error: new Error('offline'), isFetching: true, refetch: vi.fn() }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-busy', 'true');
  });
});

describe('Loading', () => {
  it('is a spinner named for what loads', () => {
    render(<Loading label="Loading the user" />);
    expect(screen.getByRole('status', { name: 'Loading the user' })).toBeInTheDocument();
  });
});
