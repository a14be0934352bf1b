import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * The click handler of a table row that opens a details page. A click anywhere on the row opens
 * it; the row's own link is the keyboard and screen-reader way (Tab to it, Enter) and keeps
 * open-in-new-tab working. Clicks on controls inside the row, and text being selected, are left
 * alone.
 */
export const useRowLink = (path: string) => {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLTableRowElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.target instanceof Element && event.target.closest('a, button, input, select')) return;
    if (window.getSelection()?.toString()) return;
    navigate(path);
  };
};
