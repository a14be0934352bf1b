import { afterEach, describe, expect, it, vi } from 'vitest';
import { problemCodeOf } from './api-errors.ts';
import { sessionExpired, setReauthenticationPrompt } from './base-api.ts';
import { securityApi } from './security-endpoints.ts';
import { sessionApi } from './session-endpoints.ts';
import { staffApi } from './staff-endpoints.ts';
import { data, makeStore, problem, stubFetch } from './testing/api-test-store.ts';

const REFUSED = {
  status: 403,
  statusText: 'Forbidden',
  body: problem(403, 'Confirm it is you: enter your password to continue', {
    code: 'reauthentication_required',
  }),
};

const newUser = {
  username: 'zarina',
  firstName: 'Zarina',
  lastName: 'Aliyeva',
  merchantId: 3,
  roles: ['merchant'],
};

const created = {
  user: { id: 21, username: 'zarina' },
  link: { token: 't', path: '/password-reset/t', expiresAt: '2026-12-01T10:00:00.000Z' },
};

/** The first `refusals` calls are refused with reauthentication_required, the rest succeed. */
const refusedFirst = (refusals: number, answer: unknown = created) => {
  let calls = 0;
  return () => {
    calls += 1;
    return calls <= refusals ? REFUSED : data(answer);
  };
};

const deferred = () => {
  let resolve: (value: boolean) => void = () => {};
  const promise = new Promise<boolean>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
};

afterEach(() => {
  setReauthenticationPrompt(null);
  vi.unstubAllGlobals();
});

describe('a security action refused with reauthentication_required', () => {
  it('is sent once more, body and all, after the prompt confirms, and answers the retry', async () => {
    const { requests, callsTo } = stubFetch({ 'POST /api/v1/users': refusedFirst(1) });
    const prompt = vi.fn(async () => true);
    setReauthenticationPrompt(prompt);
    const { store } = makeStore();

    const result = await store.dispatch(staffApi.endpoints.createStaffUser.initiate(newUser));

    expect(result).toMatchObject({ data: created });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(callsTo('POST /api/v1/users')).toBe(2);
    // fetchBaseQuery builds a new Request from the same args: the body goes again, unchanged.
    const bodies = await Promise.all(requests().map((request) => request.clone().json()));
    expect(bodies).toEqual([newUser, newUser]);
    expect(requests()[1]?.headers.get('content-type')).toBe('application/json');
  });

  it('answers the 403 when the prompt is cancelled, and is not sent again', async () => {
    const { callsTo } = stubFetch({ 'POST /api/v1/users': refusedFirst(1) });
    const prompt = vi.fn(async () => false);
    setReauthenticationPrompt(prompt);
    const { store, actionTypes } = makeStore();

    const result = await store.dispatch(staffApi.endpoints.createStaffUser.initiate(newUser));

    expect('error' in result && result.error).toMatchObject({
      status: 403,
      statusText: 'Forbidden',
    });
    expect(problemCodeOf('error' in result ? result.error : undefined)).toBe(
      'reauthentication_required',
    );
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(callsTo('POST /api/v1/users')).toBe(1);
    expect(actionTypes).not.toContain(sessionExpired.type);
  });

  it('shares one prompt between calls refused at the same moment, each sent again after it', async () => {
    const { callsTo } = stubFetch({
      'POST /api/v1/users': refusedFirst(1),
      'POST /api/v1/users/11/password-reset': refusedFirst(1, created.link),
    });
    const asked = deferred();
    const prompt = vi.fn(() => asked.promise);
    setReauthenticationPrompt(prompt);
    const { store } = makeStore();

    const creating = store.dispatch(staffApi.endpoints.createStaffUser.initiate(newUser));
    const resetting = store.dispatch(
      staffApi.endpoints.resetStaffUserPassword.initiate({ userId: 11 }),
    );
    await vi.waitFor(() => expect(prompt).toHaveBeenCalled());
    await vi.waitFor(() => expect(callsTo('POST /api/v1/users/11/password-reset')).toBe(1));
    // Both refusals are read while the prompt is still open.
    await new Promise((settle) => setTimeout(settle, 20));
    expect(callsTo('POST /api/v1/users')).toBe(1);
    asked.resolve(true);

    expect(await creating).toMatchObject({ data: created });
    expect(await resetting).toMatchObject({ data: created.link });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(callsTo('POST /api/v1/users')).toBe(2);
    expect(callsTo('POST /api/v1/users/11/password-reset')).toBe(2);
  });

  it('sends again unasked a call refused after a confirmation made while it was on its way', async () => {
    // The reset is sent before the confirmation and its refusal read after it: the session is
    // confirmed by then, so it goes again without a second dialog.
    const resetRefusal = deferred();
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const route = `${request.method} ${new URL(request.url).pathname}`;
        calls.push(route);
        const count = calls.filter((call) => call === route).length;
        const json = (status: number, body: unknown) =>
          new Response(JSON.stringify(body), {
            status,
            headers: { 'content-type': 'application/json' },
          });
        const refused = () => json(REFUSED.status, REFUSED.body);
        if (route === 'POST /api/v1/users') {
          return count === 1 ? refused() : json(200, { data: created });
        }
        if (count > 1) return json(200, { data: created.link });
        await resetRefusal.promise;
        return refused();
      }),
    );
    const asked = deferred();
    const prompt = vi.fn(() => asked.promise);
    setReauthenticationPrompt(prompt);
    const { store } = makeStore();

    const resetting = store.dispatch(
      staffApi.endpoints.resetStaffUserPassword.initiate({ userId: 11 }),
    );
    const creating = store.dispatch(staffApi.endpoints.createStaffUser.initiate(newUser));
    await vi.waitFor(() => expect(prompt).toHaveBeenCalledTimes(1));
    asked.resolve(true);
    expect(await creating).toMatchObject({ data: created });
    resetRefusal.resolve(true);

    expect(await resetting).toMatchObject({ data: created.link });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call === 'POST /api/v1/users/11/password-reset')).toHaveLength(2);
  });

  it('answers the 403 when no prompt is registered', async () => {
    const { callsTo } = stubFetch({ 'POST /api/v1/users': refusedFirst(1) });
    const { store } = makeStore();

    const result = await store.dispatch(staffApi.endpoints.createStaffUser.initiate(newUser));

    expect('error' in result && result.error).toMatchObject({ status: 403 });
    expect(callsTo('POST /api/v1/users')).toBe(1);
  });

  it('answers the 403 once the prompt was unregistered', async () => {
    stubFetch({ 'POST /api/v1/users': refusedFirst(1) });
    const prompt = vi.fn(async () => true);
    const unregister = setReauthenticationPrompt(prompt);
    unregister();
    const { store } = makeStore();

    const result = await store.dispatch(staffApi.endpoints.createStaffUser.initiate(newUser));

    expect('error' in result && result.error).toMatchObject({ status: 403 });
    expect(prompt).not.toHaveBeenCalled();
  });

  it('never prompts for a public call', async () => {
    const { callsTo } = stubFetch({ 'POST /api/v1/login': () => REFUSED });
    const prompt = vi.fn(async () => true);
    setReauthenticationPrompt(prompt);
    const { store } = makeStore();

    const result = await store.dispatch(
      sessionApi.endpoints.login.initiate({ username: 'ann', password: 'secret' }),
    );

    expect('error' in result && result.error).toMatchObject({ status: 403 });
    expect(prompt).not.toHaveBeenCalled();
    expect(callsTo('POST /api/v1/login')).toBe(1);
  });

  it('does not prompt for another 403', async () => {
    stubFetch({
      'POST /api/v1/users': () => ({
        status: 403,
        body: problem(403, 'Forbidden', { code: 'forbidden' }),
      }),
    });
    const prompt = vi.fn(async () => true);
    setReauthenticationPrompt(prompt);
    const { store } = makeStore();

    const result = await store.dispatch(staffApi.endpoints.createStaffUser.initiate(newUser));

    expect('error' in result && result.error).toMatchObject({ status: 403 });
    expect(prompt).not.toHaveBeenCalled();
  });

  it('answers a second refusal after the confirmation as the error, asking only once', async () => {
    const { callsTo } = stubFetch({ 'POST /api/v1/users': refusedFirst(5) });
    const prompt = vi.fn(async () => true);
    setReauthenticationPrompt(prompt);
    const { store } = makeStore();

    const result = await store.dispatch(staffApi.endpoints.createStaffUser.initiate(newUser));

    expect('error' in result && result.error).toMatchObject({
      status: 403,
      statusText: 'Forbidden',
    });
    expect(problemCodeOf('error' in result ? result.error : undefined)).toBe(
      'reauthentication_required',
    );
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(callsTo('POST /api/v1/users')).toBe(2);
  });

  it('signs out when the retry is answered 401', async () => {
    let calls = 0;
    stubFetch({
      'POST /api/v1/users': () => {
        calls += 1;
        return calls === 1 ? REFUSED : { status: 401, body: problem(401, 'Unauthorized') };
      },
    });
    setReauthenticationPrompt(async () => true);
    const { store, actionTypes } = makeStore();

    const result = await store.dispatch(staffApi.endpoints.createStaffUser.initiate(newUser));

    expect('error' in result && result.error).toMatchObject({
      status: 401,
      statusText: 'Unauthorized',
    });
    expect(actionTypes).toContain(sessionExpired.type);
  });

  it('answers the 403 when the prompt fails', async () => {
    stubFetch({ 'POST /api/v1/users': refusedFirst(1) });
    setReauthenticationPrompt(async () => {
      throw new Error('the dialog went away');
    });
    const { store } = makeStore();

    const result = await store.dispatch(staffApi.endpoints.createStaffUser.initiate(newUser));

    expect('error' in result && result.error).toMatchObject({ status: 403 });
  });
});

describe('reauthenticate', () => {
  it('posts the password and code to /api/v1/reauthentication', async () => {
    const { requests } = stubFetch({
      'POST /api/v1/reauthentication': () => data({ ok: true }),
    });
    const { store } = makeStore();

    const result = await store.dispatch(
      securityApi.endpoints.reauthenticate.initiate({ password: 'pw', code: '123456' }),
    );

    expect(result).toMatchObject({ data: { ok: true } });
    expect(await requests()[0]?.clone().json()).toEqual({ password: 'pw', code: '123456' });
  });

  it("gives the server's refusal as the error", async () => {
    stubFetch({
      'POST /api/v1/reauthentication': () => ({
        status: 400,
        body: problem(400, 'Current password is incorrect', { code: 'wrong_current_password' }),
      }),
    });
    const { store, actionTypes } = makeStore();

    const result = await store.dispatch(
      securityApi.endpoints.reauthenticate.initiate({ password: 'wrong' }),
    );

    expect('error' in result && result.error).toMatchObject({
      status: 400,
      data: { detail: 'Current password is incorrect', code: 'wrong_current_password' },
    });
    expect(actionTypes).not.toContain(sessionExpired.type);
  });
});
