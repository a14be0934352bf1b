import type { Invoice } from '@paygate/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  DETAILS_PATH,
  deferred,
  detailsApi,
  INVOICE_ID,
  invoiceWith,
  STATUS_HISTORY,
} from './details-test-fixtures.ts';

const IN_PROGRESS = { id: 2, code: 'IN_PROGRESS', value: 'In progress' };
const NEW = { id: 1, code: 'NEW', value: 'New' };

const testInvoice = (overrides: Partial<Invoice> = {}) =>
  invoiceWith({ isTestProcessing: true, merchantId: 3, invoiceStatus: IN_PROGRESS, ...overrides });

/** A merchant's own user with the Developers permission, as the server seeds the role. */
const MERCHANT_USER = { role: 'merchant', merchantId: 3 };

const open = async ({
  permissions = ['merchant.keys'],
  invoice = testInvoice(),
  routes = {},
}: {
  permissions?: string[];
  invoice?: Invoice;
  routes?: Record<string, FakeAnswer>;
} = {}) => {
  const api = detailsApi(permissions, { invoice, routes, person: MERCHANT_USER });
  const user = userEvent.setup();
  renderApp(DETAILS_PATH);
  await screen.findByRole('heading', { level: 1, name: `Invoice ${INVOICE_ID}` });
  return { api, user };
};

const simulateToggle = () => screen.queryByRole('button', { name: 'Simulate' });
const choice = (name: 'Simulate paid' | 'Simulate declined') =>
  screen.getByRole('button', { name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('invoice details: Simulate (test mode)', () => {
  it.each([
    ['a test IN_PROGRESS invoice with merchant.keys', true, ['merchant.keys'], true, IN_PROGRESS],
    ['a test NEW invoice with merchant.keys', true, ['merchant.keys'], true, NEW],
    ['a test DONE invoice', false, ['merchant.keys'], true, { id: 3, code: 'DONE', value: 'Done' }],
    [
      'a test PAYED invoice',
      false,
      ['merchant.keys'],
      true,
      { id: 4, code: 'PAYED', value: 'Payed' },
    ],
    ['a live IN_PROGRESS invoice', false, ['merchant.keys'], false, IN_PROGRESS],
    ['a test invoice without merchant.keys', false, ['invoice.status.change'], true, IN_PROGRESS],
  ] as const)('offered on %s: %s', async (_name, offered, permissions, isTest, status) => {
    await open({
      permissions: [...permissions],
      invoice: testInvoice({ isTestProcessing: isTest, invoiceStatus: status }),
    });
    expect(simulateToggle() !== null).toBe(offered);
  });

  it('shows the two outcomes behind the Simulate button, and Escape hides them again', async () => {
    const { user } = await open();
    const toggle = simulateToggle();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Simulate paid' })).toBeNull();

    toggle?.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const group = screen.getByRole('group', { name: /simulate the outcome/i });
    expect(toggle).toHaveAttribute('aria-controls', group.id);
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Simulate paid', 'Simulate declined']);

    await user.tab();
    expect(choice('Simulate paid')).toHaveFocus();
    await user.tab();
    expect(choice('Simulate declined')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Simulate declined' })).toBeNull();
  });

  it('simulates paid from the keyboard, busy while it runs, toasts and refreshes the details', async () => {
    const answered = deferred();
    let simulated = false;
    const { api, user } = await open({
      routes: {
        'POST /api/v1/invoice/simulate': async () => {
          await answered.promise;
          simulated = true;
          return {
            body: { data: testInvoice({ invoiceStatus: { id: 3, code: 'DONE', value: 'Done' } }) },
          };
        },
        [`GET /api/v1/invoice/${INVOICE_ID}`]: () => ({
          body: {
            data: simulated
              ? testInvoice({ invoiceStatus: { id: 3, code: 'DONE', value: 'Done' } })
              : testInvoice(),
          },
        }),
        'GET /api/v1/event/status': () => ({
          body: {
            data: simulated
              ? [
                  ...STATUS_HISTORY,
                  {
                    status: { code: 'DONE', value: 'Done' },
                    statusDate: '2026-03-05T16:00:00Z',
                    userId: 7,
                  },
                ]
              : STATUS_HISTORY,
          },
        }),
      },
    });
    const invoiceReads = () =>
      api.calls.filter((call) => call === `GET /api/v1/invoice/${INVOICE_ID}`).length;
    const historyReads = () =>
      api.calls.filter((call) => call.startsWith('GET /api/v1/event/status')).length;
    await waitFor(() => expect(historyReads()).toBe(1));

    simulateToggle()?.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(choice('Simulate paid')).toHaveAttribute('aria-busy', 'true'));
    expect(choice('Simulate declined')).toBeDisabled();
    answered.resolve();

    expect(await screen.findByText('Simulated: DONE')).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/v1/invoice/simulate')).toEqual([
      { invoiceId: INVOICE_ID, status: 'DONE' },
    ]);
    await waitFor(() => expect(invoiceReads()).toBe(2));
    await waitFor(() => expect(historyReads()).toBe(2));
    // A DONE invoice can no longer be simulated.
    await waitFor(() => expect(simulateToggle()).toBeNull());
  });

  it('simulates declined on a NEW invoice', async () => {
    const { api, user } = await open({
      invoice: testInvoice({ invoiceStatus: NEW }),
      routes: {
        'POST /api/v1/invoice/simulate': {
          body: {
            data: testInvoice({ invoiceStatus: { id: 5, code: 'DECLINED', value: 'Declined' } }),
          },
        },
      },
    });
    await user.click(simulateToggle() as HTMLElement);
    await user.click(choice('Simulate declined'));
    expect(await screen.findByText('Simulated: DECLINED')).toBeInTheDocument();
    expect(await api.bodiesOf('POST /api/v1/invoice/simulate')).toEqual([
      { invoiceId: INVOICE_ID, status: 'DECLINED' },
    ]);
  });

  it("toasts the server's problem detail when the simulation is refused, and keeps the choices", async () => {
    const { user } = await open({
      routes: {
        'POST /api/v1/invoice/simulate': {
          status: 409,
          headers: { 'content-type': 'application/problem+json' },
          body: {
            type: 'about:blank',
            title: 'Conflict',
            status: 409,
            code: 'conflict',
            detail: 'A DONE invoice cannot be simulated',
          },
        },
      },
    });
    await user.click(simulateToggle() as HTMLElement);
    await user.click(choice('Simulate paid'));
    expect(await screen.findByText('A DONE invoice cannot be simulated')).toBeInTheDocument();
    expect(screen.queryByText('Simulated: DONE')).toBeNull();
    expect(choice('Simulate paid')).toBeEnabled();
    expect(choice('Simulate declined')).toBeEnabled();
  });
});
