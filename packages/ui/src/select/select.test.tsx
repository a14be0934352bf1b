import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './select.tsx';

const currencies = [
  { value: 1, label: 'KGS' },
  { value: 4, label: 'RUB' },
];

describe('Select', () => {
  it('is a labelled select with an empty first option', async () => {
    const onChange = vi.fn();
    render(
      <Select
        label="Currency"
        placeholder="Not selected"
        options={currencies}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Currency' });
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Not selected', 'KGS', 'RUB']);
    expect(options[0]).toHaveValue('');
    expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'RUB');
    expect(onChange).toHaveBeenLastCalledWith('4', expect.objectContaining({ type: 'change' }));
    await userEvent.selectOptions(select, 'Not selected');
    expect(onChange.mock.lastCall?.[0]).toBe('');
  });

  it('offers ALL TERMINALS with an empty id', () => {
    render(
      <Select
        label="Terminal"
        placeholder="ALL TERMINALS"
        value=""
        onChange={() => {}}
        options={[{ value: 't-1', label: 'Main' }]}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Terminal' })).toHaveDisplayValue('ALL TERMINALS');
  });

  it('shows an error described and marked invalid', () => {
    render(<Select label="Currency" options={currencies} error="Required" />);
    const select = screen.getByRole('combobox', { name: 'Currency' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Required');
  });
});
