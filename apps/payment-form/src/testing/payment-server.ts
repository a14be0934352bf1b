/// <reference types="node" />
import type { Bank, PaymentFormData, PaymentMethod } from '@paygate/api/payment-form';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export const FORM_ID = 'Fm_0123456789abcdefghijk';

export const HUMO: PaymentMethod = {
  id: 1,
  name: 'Humo',
  code: 'HUMOUZS',
  minAmount: 100_000,
  maxAmount: 2_000_000_000,
  needsSbpBank: false,
};
export const UZCARD: PaymentMethod = {
  id: 2,
  name: 'Uzs',
  code: 'CARDUZS',
  minAmount: 100_000,
  maxAmount: 2_000_000_000,
  needsSbpBank: false,
};
export const SBP: PaymentMethod = {
  id: 5,
  name: 'Sbp',
  code: 'SBPRUB',
  minAmount: 10_000,
  maxAmount: 10_000_000,
  needsSbpBank: true,
};

export const UZS = {
  id: 2,
  code: 'UZS',
  name: 'Uzbek sum',
  dimension: 2,
  minValue: 100_000,
  maxValue: 5_000_000_000,
};
export const RUB = {
  id: 4,
  code: 'RUB',
  name: 'Russian ruble',
  dimension: 2,
  minValue: 10_000,
  maxValue: 30_000_000,
};

export const BANKS: Bank[] = [
  { id: 11, value: 'Sberbank', codeInteger: 100_000_000_111 },
  { id: 12, value: 'T-Bank', codeInteger: 100_000_000_004 },
  { id: 13, value: 'Alfa Bank', codeInteger: 100_000_000_008 },
];

/**
 * A deposit form in UZS with two methods and a changeable amount, 15 minutes left. Like the
 * server, a deposit that has left NEW has its amount reserved (reservedAmount), and the method
 * named by paymentMethodName comes by id too (paymentMethodId), unless the overrides say
 * otherwise; a deposit's methods never ask for a bank (needsSbpBank).
 */
export const formData = (overrides: Partial<PaymentFormData> = {}): PaymentFormData => {
  const type = overrides.type ?? 'deposit';
  const status = overrides.status ?? 'NEW';
  const amount = overrides.amount ?? 500_000;
  // As the server answers: only a payout's methods may ask for a bank, and the chosen method
  // comes by id as well as by name.
  const methods = (overrides.methods ?? [HUMO, UZCARD]).map((method) =>
    type === 'deposit' ? { ...method, needsSbpBank: false } : method,
  );
  const chosen = methods.find((method) => method.name === overrides.paymentMethodName);
  return {
    invoiceId: 'inv-7f3a',
    type: 'deposit',
    status: 'NEW',
    amount: 500_000,
    currencyInfo: UZS,
    canChangeAmount: true,
    expiredIn: new Date(Date.now() + 15 * 60_000).toISOString(),
    successUrl: 'https://shop.example/success',
    cancelUrl: 'https://shop.example/cancel',
    errorUrl: 'https://shop.example/error',
    paymentMethodId: chosen?.id ?? null,
    paymentMethodName: null,
    credentials: null,
    reservedAmount: type === 'deposit' && status !== 'NEW' ? amount : null,
    verficationKey: 'key-1',
    customerMarkedPaid: false,
    isTest: false,
    ...overrides,
    methods,
  };
};

export const CARD_CREDENTIALS = {
  value: '8600123412341234',
  owner: 'Ivan Petrov',
  country_code: 'UZ',
  bank_name: 'Kapitalbank',
  type: 'card' as const,
};

export interface Reply {
  status?: number;
  body?: unknown;
}

/** The server's answer envelope: `{ data }`. */
export const data = (value: unknown): Reply => ({ body: { data: value } });
/** The server's error answer: a problem (decision 0020), its detail the text the form shows. */
export const failure = (status: number, detail: string, code = 'client_error'): Reply => ({
  status,
  body: {
    type: 'about:blank',
    title: `HTTP ${status}`,
    status,
    detail,
    code,
    requestId: 'test-request-id',
  },
});

export type Route =
  | 'POST init'
  | 'POST credential'
  | 'POST complete'
  | 'POST status'
  | 'GET banks/sbp';
type Handler = Reply | ((body: unknown, call: number) => Reply | Promise<Reply>);

export interface RecordedCall {
  route: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Stubs fetch with the form's endpoints. Handlers answer a Reply (or a function of the request
 * body and the call's number for that route, from 0); answers are plain objects so that they
 * resolve in microtasks only (fake timers stay in control).
 */
export const stubPaymentServer = (handlers: Partial<Record<Route, Handler>>) => {
  const calls: RecordedCall[] = [];
  const counts = new Map<string, number>();
  // RTK Query's fetchBaseQuery hands fetch one Request.
  const fetchMock = vi.fn(async (request: Request) => {
    // As fetch does: an aborted request never reaches the server.
    if (request.signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const path = new URL(request.url).pathname;
    const prefix = `/api/payments/form/${encodeURIComponent(FORM_ID)}/`;
    const route = `${request.method} ${path.startsWith(prefix) ? path.slice(prefix.length) : path}`;
    const text = await request.text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    const contentType = request.headers.get('content-type');
    calls.push({ route, body, headers: contentType ? { 'content-type': contentType } : {} });
    const count = counts.get(route) ?? 0;
    counts.set(route, count + 1);
    const handler = handlers[route as Route];
    const reply: Reply =
      handler === undefined
        ? failure(404, 'Not found')
        : typeof handler === 'function'
          ? await handler(body, count)
          : handler;
    if (request.signal.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const status = reply.status ?? 200;
    const answer = {
      ok: status >= 200 && status < 300,
      status,
      statusText: '',
      headers: new Headers({
        'content-type': status < 400 ? 'application/json' : 'application/problem+json',
      }),
      text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
      json: async () => reply.body,
      clone: () => answer,
    };
    return answer as unknown as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (route: Route) => calls.filter((call) => call.route === route),
  };
};

/**
 * The support code as the journey tests' mock of computeSupportCode makes it (Web Crypto answers
 * on another thread, too late for fake timers); see payment-journeys.test.tsx for the vi.mock.
 */
export const mockSupportCode = async (importOriginal: () => Promise<unknown>) => ({
  ...((await importOriginal()) as object),
  computeSupportCode: async (formId: string, key: string) => `support:${formId}:${key}`,
});

/** Lets pending promises settle (works under fake timers too). */
export const settle = async (rounds = 6) => {
  for (let round = 0; round < rounds; round += 1) {
    await act(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
    });
  }
};

/**
 * Fake timers that leave setImmediate real, so `settle` can still wait for promises. Testing
 * Library drains its async wrapper with a setTimeout and advances it only for "jest" fake
 * timers: the stubbed `jest` global lets it advance vitest's (undone by vi.unstubAllGlobals).
 */
export const useFormFakeTimers = (now = new Date('2026-03-05T10:00:00Z')) => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  vi.setSystemTime(now);
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
};

/** Advances fake time inside act and lets the answers it triggers settle. */
export const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle();
};
