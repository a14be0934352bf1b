import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, problem } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  DETAILS_PATH,
  deferred,
  detailsApi,
  INVOICE_ID,
  invoiceWith,
  PAYMENT_STATUSES,
  STATUS_HISTORY,
} from './details-test-fixtures.ts';

const DONE_INVOICE = invoiceWith({
  invoiceStatus: { id: 3, code: 'DONE', value: 'Done' },
  statusDate: '2026-03-05T16:00:00Z',
});
const DONE_EVENT = {
  status: { code: 'DONE', value: 'Done' },
  statusDate: '2026-03-05T16:00:00Z',
  userId: 7,
};

const statusSelect = () => screen.getByRole('combobox', { name: 'Change status' });

const open = async (routes: Record<string, FakeAnswer> = {}) => {
  const api = detailsApi(['invoice.status.change'], { routes });
  const user = userEvent.setup();
  renderApp(DETAILS_PATH);
  await screen.findByRole('heading', { level: 1, name: `Invoice ${INVOICE_ID}` });
  await waitFor(() => expect(statusSelect()).toBeEnabled());
  return { api, user };
};

const statusCalls = (calls: string[]) =>
  calls.filter((call) => call.startsWith('GET /api/v1/event/status'));

/**
 * What Windows browsers do with a key press on a closed native select (jsdom does nothing): arrow,
 * Home and End keys move its value at once, firing input and change on every press.
 */
const stepClosedSelect = (event: KeyboardEvent) => {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || event.defaultPrevented || event.altKey) return;
  const last = select.options.length - 1;
  const index = select.selectedIndex;
  const next =
    {
      ArrowDown: Math.min(index + 1, last),
      ArrowRight: Math.min(index + 1, last),
      ArrowUp: Math.max(index - 1, 0),
      ArrowLeft: Math.max(index - 1, 0),
      Home: 0,
      End: last,
    }[event.key] ?? index;
  if (next === index) return;
  select.selectedIndex = next;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
};

/** Opens the details with the select focused by keyboard, arrows behaving as on Windows. */
const openForKeyboard = async () => {
  const opened = await open();
  // Added after the app's root listener, so it runs as the browser's default action would.
  document.addEventListener('keydown', stepClosedSelect);
  act(() => statusSelect().focus());
  return opened;
};

const confirmationOf = (to: string) =>
  screen.getByRole('dialog', {
    name: `Are you sure you want to change the payment status from In progress to ${to}?`,
  });

afterEach(() => {
  document.removeEventListener('keydown', stepClosedSelect);
  vi.unstubAllGlobals();
});

describe('invoice status change', () => {
  it('lists every status of reference list 201 except the current one', async () => {
    const { api } = await open();
    const options = within(statusSelect())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Choose a status', 'New', 'Done', 'Payed', 'Declined', 'Canceled']);
    expect(api.calls).toContain('GET /api/v1/reference?refHeaderId=201');
  });

  it('asks for confirmation; Cancel closes and resets the selection without a call', async () => {
    const { api, user } = await open();
    await user.selectOptions(statusSelect(), 'Done');
    const dialog = screen.getByRole('dialog', {
      name: 'Are you sure you want to change the payment status from In progress to Done?',
    });
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(statusSelect()).toHaveValue('');
    expect(api.calls.some((call) => call.startsWith('PATCH'))).toBe(false);
  });

  it('sends the change, stays busy until the status history is refetched, then toasts and closes', async () => {
    const patched = deferred();
    const historyRefetched = deferred();
    let historyCalls = 0;
    let invoiceCalls = 0;
    const { api, user } = await open({
      'PATCH /api/v1/invoice/status': async () => {
        await patched.promise;
        return { body: { data: DONE_INVOICE } };
      },
      'GET /api/v1/event/status': async () => {
        historyCalls += 1;
        if (historyCalls === 1) return { body: { data: STATUS_HISTORY } };
        await historyRefetched.promise;
        return { body: { data: [...STATUS_HISTORY, DONE_EVENT] } };
      },
      [`GET /api/v1/invoice/${INVOICE_ID}`]: () => {
        invoiceCalls += 1;
        return { body: { data: invoiceCalls === 1 ? invoiceWith() : DONE_INVOICE } };
      },
    });
    const history = screen.getByRole('region', { name: 'Status history' });
    await within(history).findByText('In progress');

    await user.selectOptions(statusSelect(), 'Done');
    const dialog = screen.getByRole('dialog');
    const continueButton = within(dialog).getByRole('button', { name: 'Continue' });
    await user.click(continueButton);

    expect(continueButton).toBeDisabled();
    expect(continueButton).toHaveAttribute('aria-busy', 'true');
    await waitFor(async () =>
      expect(await api.bodiesOf('PATCH /api/v1/invoice/status')).toEqual([
        { invoiceId: INVOICE_ID, statusId: 3 },
      ]),
    );

    patched.resolve();
    await waitFor(() => expect(statusCalls(api.calls)).toHaveLength(2));
    // The change is done but the events are still loading: no toast yet, still busy.
    expect(screen.queryByText('Status changed successfully!')).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(continueButton).toBeDisabled();

    historyRefetched.resolve();
    expect(await screen.findByText('Status changed successfully!')).toBeInTheDocument();
    expect(within(history).getByText('Done')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(statusCalls(api.calls)).toHaveLength(2);
    // The invoice was refetched too: Done is now the current status and leaves the list.
    await waitFor(() =>
      expect(within(statusSelect()).queryByRole('option', { name: 'Done' })).toBeNull(),
    );
    expect(within(statusSelect()).getByRole('option', { name: 'In progress' })).toBeInTheDocument();
    expect(statusSelect()).toHaveValue('');
  });

  it("toasts 'Failed to change status' when the change fails", async () => {
    const { api, user } = await open({
      'PATCH /api/v1/invoice/status': { status: 409, body: { detail: 'Invoice is already Done' } },
    });
    await user.selectOptions(statusSelect(), 'Declined');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to change status')).toBeInTheDocument();
    expect(screen.queryByText('Status changed successfully!')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(statusSelect()).toHaveValue('');
    expect(await api.bodiesOf('PATCH /api/v1/invoice/status')).toEqual([
      { invoiceId: INVOICE_ID, statusId: 5 },
    ]);
    expect(statusCalls(api.calls)).toHaveLength(1);
  });

  it('does not ask on each arrow press of a keyboard user; Enter asks about the status reached', async () => {
    const { api, user } = await openForKeyboard();
    await user.keyboard('{ArrowDown}');
    expect(statusSelect()).toHaveValue('1');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('{ArrowDown}{End}{ArrowUp}');
    expect(statusSelect()).toHaveValue('5');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.keyboard('{Enter}');
    const dialog = confirmationOf('Declined');
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeEnabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(statusSelect()).toHaveValue('');
    expect(api.calls.some((call) => call.startsWith('PATCH'))).toBe(false);
  });

  it('asks about a status reached with the keyboard when the select is left; Escape on the select puts it back', async () => {
    const { user } = await openForKeyboard();
    await user.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    expect(statusSelect()).toHaveValue('');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.tab();
    const dialog = confirmationOf('Done');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(statusSelect()).toHaveValue('');
  });

  it('asks at once for a status chosen with the mouse, even after arrow presses', async () => {
    const { user } = await openForKeyboard();
    await user.keyboard('{ArrowDown}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.selectOptions(statusSelect(), 'Payed');
    expect(confirmationOf('Payed')).toBeInTheDocument();
  });

  it('shows why the statuses could not load, and Try again loads them again', async () => {
    const retried = deferred();
    let statusListCalls = 0;
    const { api, user } = await open({
      'GET /api/v1/reference': async (_request, url) => {
        if (url.searchParams.get('refHeaderId') !== '201') return { body: { data: [] } };
        statusListCalls += 1;
        if (statusListCalls === 1) {
          return { status: 503, body: problem(503, 'Reference service unavailable') };
        }
        await retried.promise;
        return { body: { data: PAYMENT_STATUSES } };
      },
    });
    expect(
      await screen.findByText('Could not load the statuses: Reference service unavailable'),
    ).toBeInTheDocument();
    const tryAgain = screen.getByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveAccessibleDescription(
      'Could not load the statuses: Reference service unavailable',
    );

    await user.click(tryAgain);
    await waitFor(() => expect(tryAgain).toHaveAttribute('aria-busy', 'true'));
    retried.resolve();
    await waitFor(() => expect(statusSelect()).toBeEnabled());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull());
    expect(screen.queryByText(/Could not load the statuses/)).toBeNull();
    expect(within(statusSelect()).getAllByRole('option')).toHaveLength(6);
    expect(
      api.calls.filter((call) => call === 'GET /api/v1/reference?refHeaderId=201'),
    ).toHaveLength(2);
    await user.selectOptions(statusSelect(), 'Done');
    expect(confirmationOf('Done')).toBeInTheDocument();
  });
});
