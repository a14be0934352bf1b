import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox.tsx';

describe('Checkbox', () => {
  it('toggles from its label and the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox label="DONE" onChange={(event) => onChange(event.target.checked)} />);
    const box = screen.getByRole('checkbox', { name: 'DONE' });
    await user.click(screen.getByText('DONE'));
    expect(box).toBeChecked();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(onChange.mock.calls).toEqual([[true], [false]]);
  });

  it('forwards the ref and shows the mixed state', () => {
    const ref = createRef<HTMLInputElement>();
    render(<Checkbox ref={ref} label="All statuses" indeterminate />);
    expect(ref.current).toBe(screen.getByRole('checkbox', { name: 'All statuses' }));
    expect(ref.current?.indeterminate).toBe(true);
    expect(screen.getByRole('checkbox')).toBePartiallyChecked();
  });

  it('can be disabled', () => {
    render(<Checkbox label="NEW" disabled />);
    expect(screen.getByRole('checkbox', { name: 'NEW' })).toBeDisabled();
  });
});
