import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchableList } from './searchable-list.tsx';

interface Bank {
  id: number;
  value: string;
}

const banks: Bank[] = [
  { id: 1, value: 'Sberbank' },
  { id: 2, value: 'Tinkoff Bank' },
  { id: 3, value: 'Alfa-Bank' },
  { id: 4, value: 'Bank Otkritie' },
];

const getLabel = (bank: Bank) => bank.value;
const getKey = (bank: Bank) => bank.id;

const optionTexts = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('SearchableList', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists every item under a labelled search box', () => {
    render(
      <SearchableList
        label="Bank"
        items={banks}
        getLabel={getLabel}
        getKey={getKey}
        onSelect={() => {}}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Bank' })).toHaveValue('');
    expect(screen.getByRole('listbox', { name: 'Bank' })).toBeInTheDocument();
    expect(optionTexts()).toEqual(['Sberbank', 'Tinkoff Bank', 'Alfa-Bank', 'Bank Otkritie']);
  });

  it('filters ignoring case and whitespace', async () => {
    const user = userEvent.setup();
    render(
      <SearchableList
        label="Bank"
        items={banks}
        getLabel={getLabel}
        getKey={getKey}
        onSelect={() => {}}
      />,
    );
    const search = screen.getByRole('combobox', { name: 'Bank' });
    await user.type(search, 'TINKOFFB');
    expect(optionTexts()).toEqual(['Tinkoff Bank']);
    await user.clear(search);
    await user.type(search, ' s b e r ');
    expect(optionTexts()).toEqual(['Sberbank']);
    await user.clear(search);
    await user.type(search, 'bank');
    expect(optionTexts()).toEqual(['Sberbank', 'Tinkoff Bank', 'Alfa-Bank', 'Bank Otkritie']);
  });

  it("shows 'Nothing found.' when nothing matches", async () => {
    const user = userEvent.setup();
    render(
      <SearchableList
        label="Bank"
        items={banks}
        getLabel={getLabel}
        getKey={getKey}
        onSelect={() => {}}
      />,
    );
    const search = screen.getByRole('combobox', { name: 'Bank' });
    await user.type(search, 'zzz');
    expect(optionTexts()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('Nothing found.');
    expect(search).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves the active option with the arrows and selects it with Enter', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <SearchableList
        label="Bank"
        items={banks}
        getLabel={getLabel}
        getKey={getKey}
        onSelect={onSelect}
        selectedKey={3}
      />,
    );
    const search = screen.getByRole('combobox', { name: 'Bank' });
    const activeText = () =>
      document.getElementById(search.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(screen.getByRole('option', { name: 'Alfa-Bank' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(search);
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    await user.keyboard('{ArrowDown}');
    expect(activeText()).toBe('Sberbank');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeText()).toBe('Alfa-Bank');
    await user.keyboard('{ArrowUp}');
    expect(activeText()).toBe('Tinkoff Bank');
    await user.keyboard('{End}');
    expect(activeText()).toBe('Bank Otkritie');
    await user.keyboard('{ArrowDown}');
    expect(activeText()).toBe('Bank Otkritie');
    await user.keyboard('{Home}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(banks[0]);

    await user.type(search, 'alfa');
    expect(search).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(banks[2]);
  });

  it('never submits an enclosing form with Enter, an option active or not', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const list = (loading: boolean) => (
      <form onSubmit={onSubmit}>
        <SearchableList
          label="Bank"
          items={banks}
          getLabel={getLabel}
          getKey={getKey}
          onSelect={onSelect}
          loading={loading}
        />
        <input aria-label="Phone" />
        <button type="submit">Confirm withdrawal</button>
      </form>
    );
    const { rerender } = render(list(false));
    const search = screen.getByRole('combobox', { name: 'Bank' });
    // A phone keyboard shows a search key, not a "go" that sends the form.
    expect(search).toHaveAttribute('enterkeyhint', 'search');

    // No active option: Enter does nothing at all.
    await user.click(search);
    await user.keyboard('{Enter}');
    // Nothing matches: the same.
    await user.type(search, 'zzz{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onSelect).not.toHaveBeenCalled();

    // An active option: Enter chooses it, and only that.
    await user.clear(search);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(banks[0]);
    expect(onSubmit).not.toHaveBeenCalled();

    // Still loading: nothing to choose, nothing sent.
    rerender(list(true));
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onSelect).toHaveBeenCalledOnce();

    // The form's other fields still submit it with Enter.
    await user.click(screen.getByRole('textbox', { name: 'Phone' }));
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('selects on click', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <SearchableList
        label="Terminal"
        items={banks}
        getLabel={getLabel}
        getKey={getKey}
        onSelect={onSelect}
      />,
    );
    await user.click(screen.getByRole('option', { name: 'Bank Otkritie' }));
    expect(onSelect).toHaveBeenCalledWith(banks[3]);
  });

  it('waits for the debounce before filtering', () => {
    vi.useFakeTimers();
    render(
      <SearchableList
        label="Bank"
        items={banks}
        getLabel={getLabel}
        getKey={getKey}
        onSelect={() => {}}
        debounceMs={350}
      />,
    );
    const search = screen.getByRole('combobox', { name: 'Bank' });
    fireEvent.change(search, { target: { value: 'alfa' } });
    expect(optionTexts()).toHaveLength(4);
    act(() => vi.advanceTimersByTime(349));
    expect(optionTexts()).toHaveLength(4);
    act(() => vi.advanceTimersByTime(1));
    expect(optionTexts()).toEqual(['Alfa-Bank']);
  });

  it('shows a spinner while loading, and a custom empty text', () => {
    const { rerender } = render(
      <SearchableList
        label="Bank"
        items={[]}
        getLabel={getLabel}
        getKey={getKey}
        onSelect={() => {}}
        loading
        loadingLabel="Loading banks"
        emptyText="Ничего не найдено."
      />,
    );
    expect(screen.getByRole('status', { name: 'Loading banks' })).toBeInTheDocument();
    expect(screen.queryByText('Ничего не найдено.')).toBeNull();
    rerender(
      <SearchableList
        label="Bank"
        items={[]}
        getLabel={getLabel}
        getKey={getKey}
        onSelect={() => {}}
        emptyText="Ничего не найдено."
      />,
    );
    expect(screen.queryByRole('status', { name: 'Loading banks' })).toBeNull();
    expect(within(screen.getByRole('status')).getByText('Ничего не найдено.')).toBeInTheDocument();
  });
});
