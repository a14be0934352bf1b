import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './text-field.tsx';

describe('TextField', () => {
  it('labels the input and passes input props and the ref through', async () => {
    const ref = createRef<HTMLInputElement>();
    const onChange = vi.fn();
    render(
      <TextField
        ref={ref}
        label="Sum From"
        name="sumFrom"
        inputMode="decimal"
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Sum From' });
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('name', 'sumFrom');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    await userEvent.type(input, '12');
    expect(input).toHaveValue('12');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('shows an error under the field, linked and marked invalid', () => {
    render(
      <TextField
        label="Phone"
        hint="10 digits after +7"
        error="Fill in the phone number"
        aria-describedby="outside"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('10 digits after +7 Fill in the phone number');
    expect(input.getAttribute('aria-describedby')?.split(' ')[0]).toBe('outside');
    expect(screen.getByText('Fill in the phone number')).toBeVisible();
  });

  it('keeps a given id and marks required fields', () => {
    render(<TextField id="old-password" label="Old password" type="password" required />);
    const input = screen.getByLabelText(/Old password/);
    expect(input).toHaveAttribute('id', 'old-password');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('type', 'password');
  });
});
