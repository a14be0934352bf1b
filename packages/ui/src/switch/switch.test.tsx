import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './switch.tsx';

const Enabled = ({ onChange }: { onChange?: (checked: boolean) => void }) => {
  const [checked, setChecked] = useState(false);
  return (
    <Switch
      label="Enabled"
      checked={checked}
      onCheckedChange={(next) => {
        setChecked(next);
        onChange?.(next);
      }}
    />
  );
};

describe('Switch', () => {
  it('is a switch with aria-checked', () => {
    render(<Switch label="Enabled" checked onCheckedChange={() => {}} />);
    expect(screen.getByRole('switch', { name: 'Enabled' })).toHaveAttribute('aria-checked', 'true');
  });

  it('toggles with Space and Enter from the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Enabled onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Enabled' });
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(onChange.mock.calls).toEqual([[true], [false]]);
  });

  it('toggles on click and not while disabled', async () => {
    const onCheckedChange = vi.fn();
    const { rerender } = render(
      <Switch label="Test mode" hideLabel checked={false} onCheckedChange={onCheckedChange} />,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Test mode' }));
    expect(onCheckedChange).toHaveBeenCalledWith(true);
    rerender(
      <Switch label="Test mode" disabled checked={false} onCheckedChange={onCheckedChange} />,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Test mode' }));
    expect(onCheckedChange).toHaveBeenCalledOnce();
  });
});
