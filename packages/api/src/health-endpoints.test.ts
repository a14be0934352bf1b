import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessageOf } from './api-errors.ts';
import { baseApi, REQUEST_TIMEOUT_MS } from './base-api.ts';
import { healthApi } from './health-endpoints.ts';

const makeStore = () =>
  configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });

describe('health endpoint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls GET /api/health with the session cookie and returns the body', async () => {
    const fetchMock = vi.fn(
      async (_request: Request) =>
        new Response(JSON.stringify({ status: 'ok' }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();

    const result = await store.dispatch(healthApi.endpoints.getHealth.initiate(undefined));

    expect(result.data).toEqual({ status: 'ok' });
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request?.method).toBe('GET');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/health');
    expect(request?.credentials).toBe('include');
  });

  it('fails a call that is not answered within REQUEST_TIMEOUT_MS, saying so', async () => {
    vi.useFakeTimers();
    try {
      // A server that never answers; the request's signal is what ends the wait.
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (request: Request) =>
            new Promise((_resolve, reject) => {
              request.signal.addEventListener('abort', () => reject(request.signal.reason));
            }),
        ),
      );
      const store = makeStore();
      const pending = store.dispatch(healthApi.endpoints.getHealth.initiate(undefined));
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
      expect(healthApi.endpoints.getHealth.select(undefined)(store.getState()).status).toBe(
        'pending',
      );
      await vi.advanceTimersByTimeAsync(1);
      const result = await pending;
      expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
      expect(errorMessageOf(result.error)).toBe('The server did not answer in time. Try again.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a server error as an error result', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ detail: 'down' }), { status: 503 })),
    );
    const store = makeStore();

    const result = await store.dispatch(healthApi.endpoints.getHealth.initiate(undefined));

    expect(result.error).toMatchObject({ status: 503, data: { detail: 'down' } });
  });
});
