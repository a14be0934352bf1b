import { statusTextOf } from '@paygate/api';

/**
 * SPEC §8: a 401 from login shows the response's status text; other failures (server down,
 * throttled) show the same, so the person always learns why nothing happened.
 */
export const loginErrorText = (error: unknown): string => statusTextOf(error) || 'Sign-in failed';
