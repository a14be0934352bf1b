import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useDebouncedSearch } from './debounced-search.ts';
import { SearchForm } from './search-form.tsx';

const setup = () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
};

const searchForm = (value: string, onSearch: (text: string, typing: boolean) => void) => (
  <SearchForm
    label="Search users"
    className="bo-users-search"
    placeholder="Username or name"
    maxLength={100}
    value={value}
    onSearch={onSearch}
  />
);

const renderSearch = (value = '') => {
  const onSearch = vi.fn();
  const view = render(searchForm(value, onSearch));
  return { onSearch, rerender: (next: string) => view.rerender(searchForm(next, onSearch)) };
};

afterEach(() => vi.useRealTimers());

describe('SearchForm', () => {
  it('is a named search landmark with a hidden-label search box and a Search button', () => {
    renderSearch('aziz');
    const form = screen.getByRole('search', { name: 'Search users' });
    expect(form).toHaveClass('bo-search-form', 'bo-users-search');
    const box = within(form).getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveValue('aziz');
    expect(box).toHaveAttribute('placeholder', 'Username or name');
    expect(box).toHaveAttribute('maxlength', '100');
    expect(box).toHaveAttribute('name', 'search');
    expect(within(form).getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
  });

  it('applies the trimmed text once typing pauses, as typing', async () => {
    const user = setup();
    const { onSearch } = renderSearch();
    await user.type(screen.getByRole('searchbox'), ' karim ');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('karim', true);
  });

  it('applies at once on Enter, not as typing', async () => {
    const user = setup();
    const { onSearch } = renderSearch();
    await user.type(screen.getByRole('searchbox'), ' ops {Enter}');
    expect(onSearch).toHaveBeenCalledWith('ops', false);
    expect(onSearch).not.toHaveBeenCalledWith('ops', true);
  });

  it('applies nothing while the text is the search in force', async () => {
    const user = setup();
    const { onSearch } = renderSearch('ops');
    await user.type(screen.getByRole('searchbox'), ' ');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('follows the search when it changes elsewhere (Back, a link)', () => {
    vi.useFakeTimers();
    const { onSearch, rerender } = renderSearch('aziz');
    rerender('malika');
    expect(screen.getByRole('searchbox')).toHaveValue('malika');
    rerender('');
    expect(screen.getByRole('searchbox')).toHaveValue('');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(onSearch).not.toHaveBeenCalled();
  });
});

describe('useDebouncedSearch', () => {
  it('applies the trimmed text at once through apply', () => {
    const onSearch = vi.fn();
    const { result } = renderHook(() => useDebouncedSearch('', onSearch));
    act(() => result.current.setText('  adm '));
    expect(result.current.text).toBe('  adm ');
    act(() => result.current.apply());
    expect(onSearch).toHaveBeenCalledWith('adm', false);
  });
});
