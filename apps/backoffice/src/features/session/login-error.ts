import { httpStatusOf, serverMessageOf, statusTextOf } from '@paygate/api';

/**
 * SPEC §8: a 401 from login shows the response's status text; other failures (server down) show
 * the same, so the person always learns why nothing happened. A throttled sign-in (429) shows the
 * server's detail instead, which says how long to wait ("… Try again in 2 minutes."): the status
 * text alone would leave the person retrying into the wait.
 */
export const loginErrorText = (error: unknown): string => {
  const waitDetail = httpStatusOf(error) === 429 ? serverMessageOf(error) : undefined;
  return waitDetail || statusTextOf(error) || 'Sign-in failed';
};
