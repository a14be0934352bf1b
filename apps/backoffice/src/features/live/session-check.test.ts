import { peopleApi, securityApi } from '@paygate/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store.ts';
import { fakeApi, problem } from '../../testing/fake-api.ts';
import { openNewTab } from '../../testing/session-cookies.ts';
import { personWith } from '../../testing/test-people.ts';
import { createSessionCheck } from './session-check.ts';

const TWO_FACTOR = 'GET /api/v1/two-factor';
const STATUS = { enabled: false, enabledAt: null, required: false, recoveryCodesLeft: 0 };

afterEach(() => vi.unstubAllGlobals());

const count = (calls: readonly string[], route: string) =>
  calls.filter((call) => call === route).length;

/** A signed-in tab with the current person loaded. */
const signedIn = async (answer: Parameters<ReturnType<typeof fakeApi>['set']>[1]) => {
  openNewTab({ session: true });
  const api = fakeApi({
    'GET /api/v1/people/me': { body: { data: personWith([]) } },
    [TWO_FACTOR]: answer,
  });
  const store = createAppStore();
  const person = store.dispatch(peopleApi.endpoints.getCurrentPerson.initiate());
  await person;
  const personState = () => peopleApi.endpoints.getCurrentPerson.select()(store.getState());
  return { api, store, person, personState, check: createSessionCheck(store.dispatch) };
};

describe('live stream session check', () => {
  it('asks the server every time, even with an answer cached', async () => {
    const { api, store, check, person } = await signedIn({ body: { data: STATUS } });
    const cached = store.dispatch(securityApi.endpoints.getTwoFactorStatus.initiate());
    await cached;

    await expect(check()).resolves.toBe(true);
    await expect(check()).resolves.toBe(true);
    expect(count(api.calls, TWO_FACTOR)).toBe(3);
    expect(store.getState().session.signedOut).toBe(false);
    cached.unsubscribe();
    person.unsubscribe();
  });

  it('signs out through the base query when the session is gone (401)', async () => {
    const { store, check, person } = await signedIn({
      status: 401,
      body: problem(401, 'Sign in again', 'session_expired'),
    });

    await expect(check()).resolves.toBe(true);
    // sessionExpired: signed out here, every cached answer dropped.
    expect(store.getState().session.signedOut).toBe(true);
    expect(peopleApi.endpoints.getCurrentPerson.select()(store.getState()).data).toBeUndefined();
    person.unsubscribe();
  });

  it('tells the client when the server could not answer, and leaves the session alone', async () => {
    const { store, check, person, personState } = await signedIn({
      status: 503,
      body: problem(503, 'Restarting', 'internal_error'),
    });
    await expect(check()).resolves.toBe(false);

    vi.mocked(globalThis.fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(check()).resolves.toBe(false);

    expect(store.getState().session.signedOut).toBe(false);
    // The current person was not asked again: a failure there would sign out (SPEC §8).
    expect(personState()).toMatchObject({ isSuccess: true, isError: false });
    person.unsubscribe();
  });
});
