import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state.tsx';

describe('EmptyState', () => {
  it.each(['Nothing found', 'No errors', 'No transactions'])('announces "%s"', (text) => {
    render(<EmptyState text={text} />);
    expect(screen.getByRole('status')).toHaveTextContent(text);
  });

  it('shows a decorative icon and an action outside the status', () => {
    render(
      <EmptyState
        text="Nothing found"
        icon={<svg data-testid="icon" />}
        action={<button type="button">Reset Filter</button>}
      />,
    );
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('status')).not.toContainElement(
      screen.getByRole('button', { name: 'Reset Filter' }),
    );
  });
});
