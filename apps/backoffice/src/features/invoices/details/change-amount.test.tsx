import { referenceApi } from '@paygate/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer } from '../../../testing/fake-api.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import {
  CURRENCIES,
  DETAILS_PATH,
  deferred,
  detailsApi,
  INVOICE_ID,
  invoiceWith,
} from './details-test-fixtures.ts';

const open = async (routes: Record<string, FakeAnswer> = {}, invoice = invoiceWith()) => {
  const api = detailsApi(['invoice.amount.change'], { routes, invoice });
  const user = userEvent.setup();
  const { store } = renderApp(DETAILS_PATH);
  await user.click(await screen.findByRole('button', { name: 'Change amount' }));
  const dialog = screen.getByRole('dialog', { name: 'Change amount' });
  const input = within(dialog).getByRole('textbox', { name: 'New amount, UZS' });
  return { api, user, dialog, input, store };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('invoice amount change', () => {
  it('keeps only digits and one dot while typing', async () => {
    const { user, input } = await open();
    await user.type(input, '1a2,3.4.5 x');
    expect(input).toHaveValue('123.45');
  });

  it("says 'Change the value' when nothing is typed", async () => {
    const { user, dialog, input } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(await within(dialog).findByText('Change the value')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, '.');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(within(dialog).getByText('Change the value')).toBeInTheDocument();
    expect(screen.queryByText(/Are you sure/)).toBeNull();
  });

  it("says 'Change the value' for an amount of zero, and sends nothing", async () => {
    const { api, user, dialog, input } = await open();
    await user.type(input, '0.00');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(await within(dialog).findByText('Change the value')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Are you sure/)).toBeNull();
    expect(api.calls.some((call) => call.startsWith('PATCH'))).toBe(false);
  });

  it("refuses more than the currency's maximum in the server's words, and sends nothing", async () => {
    const { api, user, dialog, input } = await open();
    await waitFor(() => expect(api.calls).toContain('GET /api/v1/reference/currency'));
    await user.type(input, '50000000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(
      await within(dialog).findByText('The amount must not exceed 50000000.00 UZS'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Are you sure/)).toBeNull();
    expect(api.calls.some((call) => call.startsWith('PATCH'))).toBe(false);
    await user.clear(input);
    await user.type(input, '50000000');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(
      screen.getByRole('dialog', {
        name: 'Are you sure you want to change the amount to 50000000.00 UZS?',
      }),
    ).toBeInTheDocument();
  });

  it('goes back to the amount when the maximum arrives while the confirmation is open', async () => {
    const currencies = deferred();
    const { api, user, dialog, input, store } = await open({
      'GET /api/v1/reference/currency': async () => {
        await currencies.promise;
        return { body: { data: CURRENCIES } };
      },
    });
    await user.type(input, '50000000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    const confirm = screen.getByRole('dialog', {
      name: 'Are you sure you want to change the amount to 50000000.01 UZS?',
    });
    currencies.resolve();
    await waitFor(() =>
      expect(referenceApi.endpoints.getCurrencies.select()(store.getState()).data).toEqual(
        CURRENCIES,
      ),
    );
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText('The amount must not exceed 50000000.00 UZS'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Are you sure/)).toBeNull();
    expect(api.calls.some((call) => call.startsWith('PATCH'))).toBe(false);
  });

  it("says 'There must be max two decimals after comma' past two decimals", async () => {
    const { user, dialog, input } = await open();
    await user.type(input, '10.555');
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(
      await within(dialog).findByText('There must be max two decimals after comma'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Are you sure/)).toBeNull();
  });

  it('confirms the amount with .00 added and sends it in minor units', async () => {
    const patched = deferred();
    const { api, user, input } = await open({
      'PATCH /api/v1/invoice/amount': async () => {
        await patched.promise;
        return { body: { data: invoiceWith({ amount: 15000 }) } };
      },
    });
    await user.type(input, '150');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    const confirm = screen.getByRole('dialog', {
      name: 'Are you sure you want to change the amount to 150.00 UZS?',
    });
    const continueButton = within(confirm).getByRole('button', { name: 'Continue' });
    await user.click(continueButton);
    expect(continueButton).toHaveAttribute('aria-busy', 'true');
    expect(continueButton).toBeDisabled();
    patched.resolve();
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await api.bodiesOf('PATCH /api/v1/invoice/amount')).toEqual([
      { invoiceId: INVOICE_ID, amount: 15000 },
    ]);
  });

  it('keeps the decimals typed and uses the currency dimension', async () => {
    const { api, user, input } = await open();
    await user.type(input, '150.5');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(
      screen.getByRole('dialog', {
        name: 'Are you sure you want to change the amount to 150.5 UZS?',
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(async () =>
      expect(await api.bodiesOf('PATCH /api/v1/invoice/amount')).toEqual([
        { invoiceId: INVOICE_ID, amount: 15050 },
      ]),
    );
  });

  it('Cancel on the confirmation goes back to the amount', async () => {
    const { api, user, input } = await open();
    await user.type(input, '99');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    const confirm = screen.getByRole('dialog', { name: /^Are you sure/ });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: /^Are you sure/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'New amount, UZS' })).toHaveValue('99');
    expect(screen.getByRole('button', { name: 'Change' })).toHaveFocus();
    expect(api.calls.some((call) => call.startsWith('PATCH'))).toBe(false);
  });

  it("toasts 'Failed to change status' when the change fails", async () => {
    const { user, input } = await open({
      'PATCH /api/v1/invoice/amount': {
        status: 409,
        body: { detail: 'The invoice already has this amount' },
      },
    });
    await user.type(input, '1500.50');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to change status')).toBeInTheDocument();
    expect(screen.queryByText('Successfully changed')).toBeNull();
  });
});
