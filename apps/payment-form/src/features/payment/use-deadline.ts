import { type Countdown, countdown } from '@paygate/domain';
import { useEffect, useReducer, useRef } from 'react';

const SECOND_MS = 1_000;

/**
 * SPEC §2 countdown to the form's expiredIn (an ISO date-time from the server), with the
 * domain's rules (days, else HH:MM:SS; critical at the end; expired at the deadline). Re-renders
 * just after each whole second changes and calls `onExpire` once at the deadline.
 *
 * Not @paygate/ui's useCountdown: that one parses deadlines with dayjs (about 6 KB gzip with
 * its plugins), while the form only ever gets ISO strings. Null until there is a deadline.
 */
export const useDeadline = (
  deadline: string | null | undefined,
  onExpire: () => void,
): Countdown | null => {
  const [, tick] = useReducer((count: number) => count + 1, 0);
  const expiredFor = useRef<number | null>(null);
  const end = deadline ? Date.parse(deadline) : Number.NaN;
  const state = deadline ? countdown(end - Date.now()) : null;

  // No dependency list: runs after every render with the latest onExpire.
  useEffect(() => {
    if (!state) return;
    if (state.isExpired) {
      if (!Object.is(expiredFor.current, end)) {
        expiredFor.current = end;
        onExpire();
      }
      return;
    }
    const left = end - Date.now();
    const timer = setTimeout(tick, left > 0 ? Math.min((left % SECOND_MS) + 1, left) : 0);
    return () => clearTimeout(timer);
  });

  return state;
};
