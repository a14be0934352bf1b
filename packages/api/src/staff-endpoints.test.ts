import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { DataOf, PasswordLink } from './api-types.ts';
import { staffApi } from './staff-endpoints.ts';
import { data, makeStore, stubFetch } from './testing/api-test-store.ts';

afterEach(() => vi.unstubAllGlobals());

const link: PasswordLink = {
  token: 'tok-en_43',
  path: '/password-reset/tok-en_43',
  expiresAt: '2026-12-01T10:00:00.000Z',
};

type ResultOf<Endpoint> = Endpoint extends { Types: { ResultType: infer Result } } ? Result : never;

describe('resetting a user’s second factor', () => {
  it('answers the one-time set-password link, typed as the server sends it (decision 0019)', async () => {
    // Checked by the typecheck: the reset resets the password too, so its answer is the link of
    // a password reset, not `{ ok }`.
    expectTypeOf<
      ResultOf<typeof staffApi.endpoints.resetStaffUserTwoFactor>
    >().toEqualTypeOf<PasswordLink>();
    expectTypeOf<
      DataOf<'/api/v1/users/{id}/two-factor-reset', 'post'>
    >().toEqualTypeOf<PasswordLink>();
    expectTypeOf<ResultOf<typeof staffApi.endpoints.resetStaffUserTwoFactor>>().toEqualTypeOf<
      ResultOf<typeof staffApi.endpoints.resetStaffUserPassword>
    >();

    const { requests } = stubFetch({
      'POST /api/v1/users/11/two-factor-reset': () => data(link),
    });
    const { store } = makeStore();

    const result = await store.dispatch(
      staffApi.endpoints.resetStaffUserTwoFactor.initiate({ userId: 11 }),
    );

    expect(result.data).toEqual(link);
    expect(requests().map((request) => request.method)).toEqual(['POST']);
  });
});
