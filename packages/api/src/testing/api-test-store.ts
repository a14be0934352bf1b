import { configureStore, type Middleware } from '@reduxjs/toolkit';
import { vi } from 'vitest';
import type { ProblemCode, ProblemDetails } from '../api-errors.ts';
import { baseApi } from '../base-api.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** A problem body as the server answers it (decision 0020). */
export const problem = (
  status: number,
  detail: string,
  extra: Partial<ProblemDetails> & { code?: ProblemCode } = {},
): ProblemDetails => ({
  type: 'about:blank',
  title: TITLES[status] ?? 'Error',
  status,
  detail,
  code: status >= 500 ? 'internal_error' : 'client_error',
  requestId: 'test-request-id',
  ...extra,
});

/** A fresh store around the shared api, recording the type of every dispatched action. */
export const makeStore = () => {
  const actionTypes: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    actionTypes.push((action as { type: string }).type);
    return next(action);
  };
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(record, baseApi.middleware),
  });
  return { store, actionTypes };
};

type Reply = Response | { status?: number; statusText?: string; body?: unknown };

/** `{ 'GET /api/v1/invoice': () => ({ body: { data: … } }) }`; unknown routes answer 404. */
export type Routes = Record<string, (request: Request) => Reply>;

const toResponse = (reply: Reply): Response =>
  reply instanceof Response
    ? reply
    : new Response(JSON.stringify(reply.body ?? {}), {
        status: reply.status ?? 200,
        statusText: reply.statusText ?? '',
        headers: { 'content-type': 'application/json' },
      });

/** Stubs the global fetch with the routes; the mock records every Request it was given. */
export const stubFetch = (routes: Routes) => {
  const fetchMock = vi.fn(async (request: Request) => {
    const route = `${request.method} ${new URL(request.url).pathname}`;
    const handler = routes[route];
    return handler
      ? toResponse(handler(request))
      : toResponse({
          status: 404,
          body: problem(404, `no route ${route}`, { code: 'route_not_found' }),
        });
  });
  vi.stubGlobal('fetch', fetchMock);
  const requests = () => fetchMock.mock.calls.map(([request]) => request);
  /** How many requests went to `METHOD /path`. */
  const callsTo = (route: string) =>
    requests().filter((request) => `${request.method} ${new URL(request.url).pathname}` === route)
      .length;
  return { fetchMock, requests, callsTo };
};

export const data = (payload: unknown) => ({ body: { data: payload } });
