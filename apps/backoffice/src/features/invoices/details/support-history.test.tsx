import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { DETAILS_PATH, detailsApi, INVOICE_ID, ticketWith } from './details-test-fixtures.ts';

const TICKETS = [
  ticketWith(71, 'NEW', 'New'),
  ticketWith(72, 'IN_WORK', 'In work'),
  ticketWith(73, 'PENDING', 'Pending'),
  ticketWith(74, 'SOLVED', 'Solved'),
  ticketWith(75, 'REJECTED', 'Rejected'),
];

const openTickets = async (permissions: string[], routes: Record<string, FakeAnswer> = {}) => {
  const api = detailsApi(permissions, {
    routes: {
      [`GET /api/v1/merchant/support/${INVOICE_ID}`]: { body: { data: TICKETS } },
      ...routes,
    },
  });
  const user = userEvent.setup();
  renderApp(DETAILS_PATH);
  const toggle = await screen.findByRole('button', { name: /^Support History/ });
  await waitFor(() => expect(toggle).toHaveTextContent('5'));
  await user.click(toggle);
  return { api, user };
};

const rowOf = (ticketId: number) => {
  const cell = screen.getByRole('cell', { name: String(ticketId) });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ticket ${ticketId}`);
  return row;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('support history', () => {
  it('lists the tickets with their status badges and no decisions without ticket.decision', async () => {
    await openTickets([]);
    expect(within(rowOf(71)).getByText('Ticket 71 description')).toBeInTheDocument();
    expect(within(rowOf(72)).getByText('In work')).toBeInTheDocument();
    expect(within(rowOf(75)).getByText('Rejected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reject/ })).toBeNull();
  });

  it('offers approve and reject only on tickets that are not SOLVED or REJECTED', async () => {
    await openTickets(['ticket.decision']);
    for (const id of [71, 72, 73]) {
      expect(within(rowOf(id)).getByRole('button', { name: `Approve ticket ${id}` })).toBeVisible();
      expect(within(rowOf(id)).getByRole('button', { name: `Reject ticket ${id}` })).toBeVisible();
    }
    for (const id of [74, 75]) {
      expect(within(rowOf(id)).queryByRole('button')).toBeNull();
    }
  });

  it("approves a ticket: 'Successfully approved' and the tickets are refetched", async () => {
    const { api, user } = await openTickets(['ticket.decision'], {
      'POST /api/v1/merchant/support/approve': {
        body: { data: { ...ticketWith(71, 'SOLVED', 'Solved') } },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Approve ticket 71' }));
    expect(await screen.findByText('Successfully approved')).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/v1/merchant/support/approve')).toEqual([{ ticketId: 71 }]);
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call === `GET /api/v1/merchant/support/${INVOICE_ID}`),
      ).toHaveLength(2),
    );
  });

  it("rejects a ticket: 'Successfully rejected'", async () => {
    const { api, user } = await openTickets(['ticket.decision'], {
      'POST /api/v1/merchant/support/reject': {
        body: { data: { ...ticketWith(73, 'REJECTED', 'Rejected') } },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Reject ticket 73' }));
    expect(await screen.findByText('Successfully rejected')).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/v1/merchant/support/reject')).toEqual([{ ticketId: 73 }]);
  });

  it("toasts 'Failed to change status' when a decision fails", async () => {
    const { user } = await openTickets(['ticket.decision'], {
      'POST /api/v1/merchant/support/approve': {
        status: 409,
        body: { detail: 'Ticket already decided' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Approve ticket 72' }));
    expect(await screen.findByText('Failed to change status')).toBeInTheDocument();
  });
});
