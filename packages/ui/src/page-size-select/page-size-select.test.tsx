import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageSizeSelect } from './page-size-select.tsx';

describe('PageSizeSelect', () => {
  it('offers 5, 10, 15, 25 and 40 and starts at 10', () => {
    render(<PageSizeSelect onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Items per page' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', '15', '25', '40']);
    expect(select).toHaveValue('10');
  });

  it('reports the chosen size as a number', async () => {
    const onChange = vi.fn();
    render(<PageSizeSelect value={25} onChange={onChange} label="Rows" />);
    const select = screen.getByRole('combobox', { name: 'Rows' });
    expect(select).toHaveValue('25');
    await userEvent.selectOptions(select, '40');
    expect(onChange).toHaveBeenCalledWith(40);
  });
});
