import type { PaymentFormData } from '@paygate/api/payment-form';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  advance,
  data,
  failure,
  formData,
  HUMO,
  settle,
  stubPaymentServer,
  useFormFakeTimers,
} from '../../../testing/payment-server.ts';
import { renderPayment } from '../../../testing/render-payment.tsx';
import { FAIL_REDIRECT_SECONDS, pageNavigation } from '../use-fail-redirect.ts';

// Web Crypto answers on another thread, too late for fake timers (see payment-server.ts).
vi.mock('@paygate/domain', async (importOriginal) =>
  (await import('../../../testing/payment-server.ts')).mockSupportCode(importOriginal),
);

/** The page's live regions: [0] the step announcements, [1] the redirect announcement. */
const liveRegions = () => [...document.querySelectorAll('.pf-page > p[role="status"]')];
const redirectRegion = () => liveRegions()[1];

let assign: ReturnType<typeof vi.fn<(href: string) => void>>;

beforeEach(() => {
  useFormFakeTimers();
  assign = vi.fn<(href: string) => void>();
  vi.spyOn(pageNavigation, 'assign').mockImplementation(assign);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A payout already requested (Processing on load) that the provider then declines. */
const declinedAtProcessing = (overrides: Partial<PaymentFormData> = {}) =>
  stubPaymentServer({
    'POST init': data(
      formData({
        type: 'withdrawal',
        status: 'IN_PROGRESS',
        paymentMethodName: 'Humo',
        ...overrides,
      }),
    ),
    'POST status': data({ status: 'DECLINED', invoiceId: 'inv-7f3a' }),
  });

const start = async (language: 'en' | 'ru' | 'uz' = 'en') => {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const { t } = await renderPayment({ language });
  await settle();
  return { user, t };
};

describe('Fail returns to the shop by itself (SPEC §4)', () => {
  it('after a visible 10 s countdown to the cancel URL, announced once', async () => {
    declinedAtProcessing();
    const { t } = await start();
    expect(FAIL_REDIRECT_SECONDS).toBe(10);
    expect(screen.getByRole('heading', { name: 'Fail' })).toBeInTheDocument();
    expect(screen.getByText('Returning to the shop in 10 s')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      'https://shop.example/cancel',
    );
    expect(liveRegions()[0]).toHaveTextContent(t('form.announce.fail'));
    expect(redirectRegion()).toHaveTextContent('Returning to the shop in 10 seconds');

    // The announcement is written once: ticking seconds change only the visible text.
    const region = redirectRegion();
    if (!region) throw new Error('no redirect live region');
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(region, { childList: true, characterData: true, subtree: true });
    await advance(1000);
    expect(screen.getByText('Returning to the shop in 9 s')).toBeInTheDocument();
    await advance(8999);
    expect(screen.getByText('Returning to the shop in 1 s')).toBeInTheDocument();
    observer.disconnect();
    expect(changes).toEqual([]);
    expect(redirectRegion()).toHaveTextContent('Returning to the shop in 10 seconds');

    expect(assign).not.toHaveBeenCalled();
    await advance(1);
    expect(assign).toHaveBeenCalledExactlyOnceWith('https://shop.example/cancel');
    await advance(20_000);
    expect(assign).toHaveBeenCalledOnce();
  });

  it('to the error URL after an error, while the invoice id can still be copied', async () => {
    stubPaymentServer({
      'POST init': data(formData({ methods: [HUMO] })),
      'POST credential': failure(409, 'No account available for this amount'),
    });
    const { user } = await start();
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Fail' })).toBeInTheDocument();
    expect(screen.getByText('Returning to the shop in 10 s')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy Invoice ID' }));
    expect(await navigator.clipboard.readText()).toBe('inv-7f3a');
    await advance(FAIL_REDIRECT_SECONDS * 1000);
    expect(assign).toHaveBeenCalledExactlyOnceWith('https://shop.example/error');
  });

  it('to the error URL when the payment expired, protocol-relative without http', async () => {
    stubPaymentServer({
      'POST init': data(
        formData({
          methods: [HUMO],
          errorUrl: 'shop.example/expired',
          expiredIn: new Date(Date.now() + 2_000).toISOString(),
        }),
      ),
    });
    await start();
    await advance(2_000);
    expect(screen.getByRole('heading', { name: 'This payment has expired' })).toBeInTheDocument();
    expect(screen.getByText('Returning to the shop in 10 s')).toBeInTheDocument();
    await advance(FAIL_REDIRECT_SECONDS * 1000);
    expect(assign).toHaveBeenCalledExactlyOnceWith('//shop.example/expired');
  });

  it('stops when the customer chooses to stay; Continue still leads away', async () => {
    declinedAtProcessing();
    const { user } = await start();
    await advance(3_000);
    expect(screen.getByText('Returning to the shop in 7 s')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByText(/Returning to the shop/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stay on this page' })).toBeNull();
    expect(redirectRegion()).toBeEmptyDOMElement();
    const link = screen.getByRole('link', { name: 'Continue' });
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute('href', 'https://shop.example/cancel');
    await advance(60_000);
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['a missing URL', { cancelUrl: null, errorUrl: null }],
    ['an unsafe URL', { cancelUrl: 'javascript:alert(1)', errorUrl: null }],
  ])('never counts down with %s: nothing to go to', async (_what, urls) => {
    declinedAtProcessing(urls);
    await start();
    expect(screen.getByRole('heading', { name: 'Fail' })).toBeInTheDocument();
    expect(screen.queryByText(/Returning to the shop/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stay on this page' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(redirectRegion()).toBeEmptyDOMElement();
    await advance(60_000);
    expect(assign).not.toHaveBeenCalled();
  });

  it('never counts down for a payment no method can take: it says so and waits (decision 0026)', async () => {
    stubPaymentServer({
      'POST init': data(formData({ methods: [], canChangeAmount: false, amount: 50_000 })),
    });
    await start();
    expect(
      screen.getByRole('heading', { name: 'This payment is unavailable' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.queryByText(/Returning to the shop/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stay on this page' })).toBeNull();
    expect(redirectRegion()).toBeEmptyDOMElement();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      'https://shop.example/error',
    );
    await advance(60_000);
    expect(assign).not.toHaveBeenCalled();
  });

  it('never counts down for a payment that is not found', async () => {
    stubPaymentServer({ 'POST init': failure(404, 'Payment not found') });
    await start();
    expect(screen.getByRole('heading', { name: 'Payment not found' })).toBeInTheDocument();
    await advance(60_000);
    expect(assign).not.toHaveBeenCalled();
    expect(redirectRegion()).toBeEmptyDOMElement();
  });

  it.each([
    [
      'ru',
      'Возврат в магазин через 10 с',
      'Через 10 секунд вы вернётесь в магазин',
      'Остаться на странице',
    ],
    [
      'uz',
      '10 soniyadan soʻng doʻkonga qaytasiz',
      '10 soniyadan keyin doʻkonga qaytasiz',
      'Shu sahifada qolish',
    ],
  ] as const)('says it in %s', async (language, visible, announced, stay) => {
    declinedAtProcessing();
    await start(language);
    expect(screen.getByText(visible)).toBeInTheDocument();
    expect(redirectRegion()).toHaveTextContent(announced);
    expect(screen.getByRole('button', { name: stay })).toBeInTheDocument();
  });
});
