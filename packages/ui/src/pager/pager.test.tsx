import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageCountOf, pageItems } from './pager.tsx';

const Paged = ({
  pageCount,
  onChange,
}: {
  pageCount: number;
  onChange?: (page: number) => void;
}) => {
  const [page, setPage] = useState(1);
  return (
    <Pager
      page={page}
      pageCount={pageCount}
      onPageChange={(next) => {
        setPage(next);
        onChange?.(next);
      }}
    />
  );
};

const visiblePages = () =>
  Array.from(screen.getByRole('navigation', { name: 'Pagination' }).querySelectorAll('li')).map(
    (item) => item.textContent,
  );

describe('pageItems', () => {
  it('lists every page when few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('uses ellipses around the current page', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
    expect(pageItems(5, 20)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
    expect(pageItems(10, 20, 2)).toEqual([
      1,
      'start-ellipsis',
      8,
      9,
      10,
      11,
      12,
      'end-ellipsis',
      20,
    ]);
  });

  it('counts pages of a total', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
  });
});

describe('Pager', () => {
  it('marks the current page and disables Previous on the first page', () => {
    render(<Pager page={1} pageCount={3} onPageChange={() => {}} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('goes to a clicked page and with Previous and Next', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Paged pageCount={20} onChange={onChange} />);
    expect(visiblePages()).toEqual(['Previous', '1', '2', '3', '4', '5', '…', '20', 'Next']);

    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(visiblePages()).toEqual(['Previous', '1', '…', '4', '5', '6', '…', '20', 'Next']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Page 20' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(onChange.mock.calls).toEqual([[5], [6], [5], [20]]);
  });

  it('works from the keyboard and ignores the current page', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Paged pageCount={3} onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.tab();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('takes translated labels', () => {
    render(
      <Pager
        page={2}
        pageCount={3}
        onPageChange={() => {}}
        label="Страницы"
        previousLabel="Назад"
        nextLabel="Вперёд"
        pageLabel={(page) => `Страница ${page}`}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Страницы' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Страница 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('button', { name: 'Назад' })).toBeEnabled();
  });
});
