import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  findListHeading,
  invoiceItem,
  invoicePage,
  lastListQuery,
  listQueries,
  renderInvoiceList,
} from './invoice-list-test-kit.ts';

afterEach(() => vi.unstubAllGlobals());

/** Date inputs take yyyy-MM-dd; typing into them is not what is being tested here. */
const setDate = (input: HTMLElement, value: string) =>
  fireEvent.change(input, { target: { value } });

const openFilters = async (buttonName = 'Filter') => {
  const user = userEvent.setup();
  await findListHeading();
  await user.click(await screen.findByRole('button', { name: buttonName }));
  const dialog = await screen.findByRole('dialog', { name: 'Filters' });
  return { user, dialog };
};

describe('invoice filter modal', () => {
  it('offers the payment statuses, the dates, the flow types and the sums', async () => {
    const { api } = renderInvoiceList();
    const { dialog } = await openFilters();
    const statuses = within(dialog).getByRole('group', { name: 'Status' });
    await within(statuses).findByRole('checkbox', { name: 'New' });
    expect(
      within(statuses)
        .getAllByRole('checkbox')
        .map((box) => box.nextSibling?.textContent),
    ).toEqual(['New', 'In progress', 'Done', 'Payed', 'Declined', 'Canceled']);
    expect(api.calls).toContain('GET /api/v1/reference?refHeaderId=201');

    for (const label of ['Date From', 'Date To', 'Last Status Date']) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('type', 'date');
    }
    const flowType = within(dialog).getByRole('combobox', { name: 'Flow Type' });
    expect(
      within(flowType)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not selected', 'DEPOSIT', 'WITHDRAWAL']);
    expect(within(dialog).getByRole('spinbutton', { name: 'Sum From' })).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Sum To' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reset Filter' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply Filter' })).toBeInTheDocument();
  });

  it('keeps From at or before To: bounds on the inputs and messages that block Apply', async () => {
    const { api } = renderInvoiceList();
    const { user, dialog } = await openFilters();
    const dateFrom = within(dialog).getByLabelText('Date From');
    const dateTo = within(dialog).getByLabelText('Date To');
    setDate(dateFrom, '2026-03-10');
    setDate(dateTo, '2026-03-01');
    expect(dateFrom).toHaveAttribute('max', '2026-03-01');
    expect(dateTo).toHaveAttribute('min', '2026-03-10');

    const sumFrom = within(dialog).getByRole('spinbutton', { name: 'Sum From' });
    const sumTo = within(dialog).getByRole('spinbutton', { name: 'Sum To' });
    await user.type(sumFrom, '100');
    await user.type(sumTo, '50');
    expect(sumFrom).toHaveAttribute('max', '50');
    expect(sumTo).toHaveAttribute('min', '100');

    const before = listQueries(api.calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filter' }));
    expect(await within(dialog).findByText('Date From cannot be after Date To')).toBeVisible();
    expect(within(dialog).getByText('Date To cannot be before Date From')).toBeVisible();
    expect(within(dialog).getByText('Sum From cannot be greater than Sum To')).toBeVisible();
    expect(within(dialog).getByText('Sum To cannot be less than Sum From')).toBeVisible();
    expect(dateFrom).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    expect(listQueries(api.calls)).toHaveLength(before);

    setDate(dateTo, '2026-03-10');
    await user.clear(sumTo);
    await user.type(sumTo, '100');
    await waitFor(() => expect(within(dialog).queryByText(/cannot be/)).not.toBeInTheDocument());
  });

  it('applies the filters to the URL and the next GET /api/v1/invoice, from page 1', async () => {
    const { api, router } = renderInvoiceList('/invoices?page=3&search=ORD&size=25', {
      routes: { 'GET /api/v1/invoice': invoicePage([invoiceItem()], 80) },
    });
    const { user, dialog } = await openFilters();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'New' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Done' }));
    setDate(within(dialog).getByLabelText('Date From'), '2026-03-01');
    setDate(within(dialog).getByLabelText('Date To'), '2026-03-31');
    setDate(within(dialog).getByLabelText('Last Status Date'), '2026-03-15');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Flow Type' }),
      'WITHDRAWAL',
    );
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Sum From' }), '100');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Sum To' }), '2500.50');
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filter' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument(),
    );
    const url = new URLSearchParams(router.state.location.search);
    expect(url.getAll('statusIds')).toEqual(['1', '3']);
    expect(Object.fromEntries(url)).toEqual({
      search: 'ORD',
      size: '25',
      statusIds: '3',
      dateFrom: '01/03/2026',
      dateTo: '31/03/2026',
      lastStatusDate: '15/03/2026',
      flowType: 'WITHDRAWAL',
      sumFrom: '100',
      sumTo: '2500.5',
    });
    await waitFor(() =>
      expect(lastListQuery(api.calls)).toEqual([
        'dateFrom=01/03/2026',
        'dateTo=31/03/2026',
        'flowType=WITHDRAWAL',
        'lastStatusDate=15/03/2026',
        'page=0',
        'search=ORD',
        'size=25',
        'statusIds=1',
        'statusIds=3',
        'sumFrom=100',
        'sumTo=2500.5',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Filter (7)' })).toBeInTheDocument();
  });

  it('drops empty or invalid values on apply', async () => {
    const { api, router } = renderInvoiceList();
    const { user, dialog } = await openFilters();
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Sum From' }), '-5');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Sum To' }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filter' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sumTo=20'));
    await waitFor(() =>
      expect(lastListQuery(api.calls)).toEqual(['page=0', 'size=10', 'sumTo=20']),
    );
    expect(screen.getByRole('button', { name: 'Filter (1)' })).toBeInTheDocument();
  });

  it('opens with the applied filters, and Reset Filter clears the form and the list filters', async () => {
    const { api, router } = renderInvoiceList(
      '/invoices?statusIds=5&dateFrom=01/03/2026&flowType=DEPOSIT&sumTo=99.9&search=ORD&page=2',
      { routes: { 'GET /api/v1/invoice': invoicePage([invoiceItem()], 30) } },
    );
    const { user, dialog } = await openFilters('Filter (4)');
    expect(await within(dialog).findByRole('checkbox', { name: 'Declined' })).toBeChecked();
    expect(within(dialog).getByLabelText('Date From')).toHaveValue('2026-03-01');
    expect(within(dialog).getByRole('combobox', { name: 'Flow Type' })).toHaveValue('DEPOSIT');
    expect(within(dialog).getByRole('spinbutton', { name: 'Sum To' })).toHaveValue(99.9);

    await user.click(within(dialog).getByRole('button', { name: 'Reset Filter' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Declined' })).not.toBeChecked();
    expect(within(dialog).getByLabelText('Date From')).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Flow Type' })).toHaveValue('');
    expect(within(dialog).getByRole('spinbutton', { name: 'Sum To' })).toHaveValue(null);
    await waitFor(() => expect(router.state.location.search).toBe('?search=ORD'));
    await waitFor(() =>
      expect(lastListQuery(api.calls)).toEqual(['page=0', 'search=ORD', 'size=10']),
    );
    expect(screen.getByRole('button', { name: 'Filter' })).toBeInTheDocument();
  });

  it('forgets unapplied changes when closed', async () => {
    const { router } = renderInvoiceList('/invoices?flowType=DEPOSIT');
    const { user, dialog } = await openFilters('Filter (1)');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Flow Type' }),
      'WITHDRAWAL',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('?flowType=DEPOSIT');

    await user.click(screen.getByRole('button', { name: 'Filter (1)' }));
    const reopened = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(reopened).getByRole('combobox', { name: 'Flow Type' })).toHaveValue('DEPOSIT');
  });
});
