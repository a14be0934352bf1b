import { vi } from 'vitest';

/**
 * A problem body as the server answers every error (decision 0020); fakes may also give just
 * `{ detail }`, the part the screens show.
 */
export const problem = (
  status: number,
  detail: string,
  code = 'client_error',
  extra: Record<string, unknown> = {},
) => ({
  type: 'about:blank',
  title: `HTTP ${status}`,
  status,
  detail,
  code,
  requestId: 'test-request-id',
  ...extra,
});

/** What a fake route answers: a JSON body with a status, or a function of the request. */
export type FakeAnswer =
  | { status?: number; statusText?: string; body?: unknown; headers?: Record<string, string> }
  | ((request: Request, url: URL) => FakeAnswer | Promise<FakeAnswer>);

export interface FakeApi {
  /** Every request the app made, in order, as `METHOD /path?query`. */
  calls: string[];
  requests: Request[];
  /** Replaces or adds a route answer, e.g. `set('GET /api/v1/people/me', {...})`. */
  set: (route: string, answer: FakeAnswer) => void;
  /** The JSON bodies sent to a route. */
  bodiesOf: (route: string) => Promise<unknown[]>;
}

/**
 * A stand-in for the API server at the fetch boundary: routes are `METHOD /path` (query ignored
 * for matching); unknown routes answer 404 so a missing stub shows up as an error, not a hang.
 */
export const fakeApi = (routes: Record<string, FakeAnswer> = {}): FakeApi => {
  const table = new Map(Object.entries(routes));
  const calls: string[] = [];
  const requests: Request[] = [];
  const fetchStub = vi.fn(async (input: Request | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    requests.push(request.clone());
    let answer = table.get(`${request.method} ${url.pathname}`) ?? {
      status: 404,
      body: problem(404, `No fake for ${request.method} ${url.pathname}`, 'route_not_found'),
    };
    if (typeof answer === 'function') answer = await answer(request, url);
    if (typeof answer === 'function') throw new Error('a fake answer returned a function');
    const status = answer.status ?? 200;
    return new Response(
      answer.body === undefined || status === 204 ? null : JSON.stringify(answer.body),
      {
        status,
        ...(answer.statusText ? { statusText: answer.statusText } : {}),
        headers: {
          'content-type': status < 400 ? 'application/json' : 'application/problem+json',
          ...answer.headers,
        },
      },
    );
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    requests,
    set: (route, answer) => {
      table.set(route, answer);
    },
    bodiesOf: async (route) => {
      const [method, path] = route.split(' ');
      const matching = requests.filter(
        (request) => request.method === method && new URL(request.url).pathname === path,
      );
      return Promise.all(matching.map(async (request) => JSON.parse(await request.clone().text())));
    },
  };
};
