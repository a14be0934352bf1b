import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE, Avatar, avatarColour, avatarLetter } from './avatar.tsx';

const luminance = (hex: string) => {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r = 0, g = 0, b = 0] = [value >> 16, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

describe('Avatar', () => {
  it('shows the first letter of the name, upper-cased', () => {
    render(<Avatar name="  john Doe" />);
    const avatar = screen.getByRole('img', { name: 'john Doe' });
    expect(avatar).toHaveTextContent('J');
    expect(avatarLetter('')).toBe('?');
    expect(avatarLetter('ёж')).toBe('Ё');
  });

  it('picks the same dark colour for a name on every render', () => {
    const { rerender } = render(<Avatar name="Alice" />);
    const first = screen.getByRole('img', { name: 'Alice' }).getAttribute('data-colour');
    rerender(<Avatar name="Alice" size={32} />);
    expect(screen.getByRole('img', { name: 'Alice' })).toHaveAttribute('data-colour', first);
    expect(first).toBe(avatarColour('Alice'));
    expect(AVATAR_PALETTE).toContain(first);
  });

  it('spreads names over the palette', () => {
    const names = ['Alice', 'Bob', 'Carol', 'Dave', 'Eve', 'Frank', 'Grace', 'Heidi', 'Ivan'];
    expect(new Set(names.map(avatarColour)).size).toBeGreaterThan(3);
  });

  it('uses backgrounds with a contrast of at least 4.5:1 against white', () => {
    for (const colour of AVATAR_PALETTE) {
      expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('shows an image with the name as alt text, and the letter if it fails', () => {
    render(<Avatar name="Bob" src="/bob.png" />);
    const image = screen.getByRole('img', { name: 'Bob' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('alt', 'Bob');
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Bob' })).toHaveTextContent('B');
  });

  it('shows a labelled in-progress dot when busy', () => {
    const { rerender } = render(<Avatar name="Bob" busy busyLabel="Payment in progress" />);
    expect(screen.getByRole('img', { name: 'Payment in progress' })).toBeInTheDocument();
    rerender(<Avatar name="Bob" />);
    expect(screen.queryByRole('img', { name: 'In progress' })).toBeNull();
  });
});
