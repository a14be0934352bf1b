import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it('is announced as a status with its label', () => {
    render(<Spinner label="Loading banks" />);
    const status = screen.getByRole('status', { name: 'Loading banks' });
    expect(status).toHaveAttribute('aria-live', 'polite');
  });

  it('hides the drawing from assistive technology and honours the size', () => {
    const { container } = render(<Spinner label="Loading" size={40} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', '40');
  });
});
