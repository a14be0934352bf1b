/// <reference types="node" />
// Node reads the sources to follow their imports; nothing outside this test uses Node.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
// Only the subpath, exactly as the payment form imports it ("@paygate/api/payment-form"). Vitest
// gives each test file its own module graph, so the shared api here holds what it registered.
import {
  baseApi,
  httpStatusOf,
  paymentFormApi,
  problemOf,
  serverMessageOf,
} from './payment-form-endpoints.ts';
import { paymentFormPath } from './payment-form-paths.ts';
import { data, makeStore, problem, stubFetch } from './testing/api-test-store.ts';

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** The modules a file loads at run time (type-only imports are erased), followed recursively. */
const runtimeImports = (
  file: string,
  seen = new Map<string, string[]>(),
): Map<string, string[]> => {
  const name = path.relative(SRC, file);
  if (seen.has(name)) return seen;
  const source = readFileSync(file, 'utf8');
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'/gm),
  ].map((match) => match[1] ?? '');
  seen.set(name, specifiers);
  for (const specifier of specifiers) {
    if (specifier.startsWith('.'))
      runtimeImports(path.resolve(path.dirname(file), specifier), seen);
  }
  return seen;
};

afterEach(() => vi.unstubAllGlobals());

describe('@paygate/api/payment-form', () => {
  it('is the subpath export of the package', () => {
    const manifest = JSON.parse(readFileSync(path.join(SRC, '../package.json'), 'utf8')) as {
      exports: Record<string, string>;
    };
    expect(manifest.exports['./payment-form']).toBe('./src/payment-form-endpoints.ts');
  });

  it('loads no back-office endpoint module and nothing of the domain package', () => {
    const graph = runtimeImports(path.join(SRC, 'payment-form-endpoints.ts'));
    expect([...graph.keys()].sort()).toEqual([
      'api-errors.ts',
      'base-api.ts',
      'payment-form-endpoints.ts',
      'payment-form-paths.ts',
      'query-args.ts',
    ]);
    const packages = [...graph.values()].flat().filter((specifier) => !specifier.startsWith('.'));
    expect(new Set(packages)).toEqual(
      new Set(['@reduxjs/toolkit', '@reduxjs/toolkit/query/react']),
    );
  });

  it('keeps the paths alone, with no code behind them', () => {
    expect([...runtimeImports(path.join(SRC, 'payment-form-paths.ts')).entries()]).toEqual([
      ['payment-form-paths.ts', []],
    ]);
    expect(paymentFormPath('f 1/x', 'banks/sbp')).toBe('/api/payments/form/f%201%2Fx/banks/sbp');
  });

  it('registers only the payment form endpoints on the shared api', () => {
    expect(Object.keys(baseApi.endpoints).sort()).toEqual([
      'completePayment',
      'getPaymentForm',
      'getPaymentStatus',
      'getSbpBanks',
      'requestPaymentCredential',
    ]);
  });

  it('posts the credential request with the form id and reads data', async () => {
    const form = { invoiceId: 'i-1', type: 'deposit', status: 'NEW', amount: 100_000 };
    const { requests } = stubFetch({
      'POST /api/payments/form/f%201/credential': () => data(form),
    });
    const { store } = makeStore();

    const result = await store.dispatch(
      paymentFormApi.endpoints.requestPaymentCredential.initiate({
        formId: 'f 1',
        amount: 100_000,
        paymentMethodId: 2,
        supportCode: 'abc',
      }),
    );

    expect(result).toMatchObject({ data: form });
    expect(await requests()[0]?.clone().json()).toEqual({
      formId: 'f 1',
      amount: 100_000,
      paymentMethodId: 2,
      supportCode: 'abc',
    });
  });

  // What the hosted form relies on (apps/payment-form, use-payment-flow.ts).
  it('posts init and status without a body or content type (the server refuses empty JSON)', async () => {
    const form = { invoiceId: 'i-1', type: 'deposit', status: 'NEW', amount: 100_000 };
    const { requests } = stubFetch({
      'POST /api/payments/form/f1/init': () => data(form),
      'POST /api/payments/form/f1/status': () => data({ status: 'NEW', invoiceId: 'i-1' }),
    });
    const { store } = makeStore();
    const { getPaymentForm, getPaymentStatus } = paymentFormApi.endpoints;

    expect(await store.dispatch(getPaymentForm.initiate({ formId: 'f1' })).unwrap()).toEqual(form);
    expect(await store.dispatch(getPaymentStatus.initiate({ formId: 'f1' })).unwrap()).toEqual({
      status: 'NEW',
      invoiceId: 'i-1',
    });
    for (const request of requests()) {
      expect(request.method).toBe('POST');
      expect(request.headers.get('content-type')).toBeNull();
      expect(await request.clone().text()).toBe('');
    }
  });

  it('posts the completion with the form id and gets the SBP banks', async () => {
    const banks = [{ id: 1, value: 'Sberbank', codeInteger: 100_000_000_111 }];
    const { requests } = stubFetch({
      'POST /api/payments/form/f1/complete': () => data({ successUrl: null }),
      'GET /api/payments/form/f1/banks/sbp': () => data(banks),
    });
    const { store } = makeStore();
    const { completePayment, getSbpBanks } = paymentFormApi.endpoints;

    const completion = store.dispatch(
      completePayment.initiate({ formId: 'f1', credential: '79123456789', bankCodeInteger: 4 }),
    );
    expect(await completion.unwrap()).toEqual({ successUrl: null });
    expect(await store.dispatch(getSbpBanks.initiate({ formId: 'f1' })).unwrap()).toEqual(banks);
    const [complete] = requests();
    expect(complete?.headers.get('content-type')).toBe('application/json');
    expect(await complete?.clone().json()).toEqual({
      formId: 'f1',
      credential: '79123456789',
      bankCodeInteger: 4,
    });
  });

  it("rejects with the status and the server message; a 401 is the caller's alone", async () => {
    stubFetch({
      'POST /api/payments/form/f1/init': () => ({
        status: 410,
        body: problem(410, 'The payment has expired', { code: 'payment_expired' }),
      }),
      'POST /api/payments/form/f1/status': () => ({ status: 401, body: { detail: 'No' } }),
    });
    const { store, actionTypes } = makeStore();
    const { getPaymentForm, getPaymentStatus } = paymentFormApi.endpoints;

    const error = await store
      .dispatch(getPaymentForm.initiate({ formId: 'f1' }))
      .unwrap()
      .catch((caught: unknown) => caught);
    expect(httpStatusOf(error)).toBe(410);
    expect(serverMessageOf(error)).toBe('The payment has expired');
    expect(problemOf(error)?.code).toBe('payment_expired');
    const unauthorized = await store.dispatch(getPaymentStatus.initiate({ formId: 'f1' }));
    expect(httpStatusOf(unauthorized.error)).toBe(401);
    expect(actionTypes).not.toContain('api/sessionExpired');
  });

  it('aborts a running call: its fetch is aborted and its promise rejects with an AbortError', async () => {
    const { requests } = stubFetch({
      'POST /api/payments/form/f1/credential': () => data({}),
    });
    const { store } = makeStore();
    const request = store.dispatch(
      paymentFormApi.endpoints.requestPaymentCredential.initiate({
        formId: 'f1',
        amount: 100_000,
        paymentMethodId: 2,
        supportCode: 'abc',
      }),
    );
    request.abort();

    await expect(request.unwrap()).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(requests()).toHaveLength(1));
    expect(requests()[0]?.signal.aborted).toBe(true);
  });
});
