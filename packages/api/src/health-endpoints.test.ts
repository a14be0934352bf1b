import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseApi } from './base-api.ts';
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
