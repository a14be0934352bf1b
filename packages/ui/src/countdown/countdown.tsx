import {
  type Countdown as CountdownState,
  countdown,
  type DateInput,
  parseDateTime,
} from '@paygate/domain';
import { useEffect, useRef, useState } from 'react';
import { joinClasses } from '../internal/class-names.ts';

const SECOND_MS = 1_000;

export interface UseCountdownOptions {
  /** Called once when the deadline is reached (at once if it has already passed). */
  onExpire?: () => void;
  /** Clock of the countdown; `Date.now` unless injected (tests). */
  now?: () => Date | number;
}

/**
 * SPEC §2 countdown to `deadline`, recomputed on every whole second left (so it expires exactly
 * at the deadline) with the domain's `countdown`. An empty or unreadable deadline counts as
 * expired. `onExpire` runs once per deadline.
 */
export const useCountdown = (
  deadline: DateInput | null | undefined,
  { onExpire, now = Date.now }: UseCountdownOptions = {},
): CountdownState => {
  const [, setTick] = useState(0);
  const end = parseDateTime(deadline)?.getTime() ?? Number.NaN;
  const remainingMs = end - Number(now());
  const state = countdown(remainingMs);

  const expiredFor = useRef<number | null>(null);

  // No dependency list: runs after every render with the latest `now` and `onExpire`.
  useEffect(() => {
    if (state.isExpired) {
      if (!Object.is(expiredFor.current, end)) {
        expiredFor.current = end;
        onExpire?.();
      }
      return;
    }
    // Wake up just after the shown whole second changes (seconds are rounded down), or exactly
    // at the deadline.
    const left = end - Number(now());
    const delay = left > 0 ? Math.min((left % SECOND_MS) + 1, left) : 0;
    const timer = setTimeout(() => setTick((tick) => tick + 1), delay);
    return () => clearTimeout(timer);
  });

  return state;
};

export interface CountdownProps extends UseCountdownOptions {
  /** Date, epoch milliseconds or a date-time string (read as UTC without an offset). */
  deadline: DateInput | null | undefined;
  /** Accessible name of the timer; 'Time left' unless translated. */
  label?: string;
  /** Text for more than a day left; `${days} d` (the domain's text) unless translated. */
  formatDays?: (days: number) => string;
  className?: string;
}

/**
 * SPEC §2 countdown: days when more than a day is left, otherwise HH:MM:SS; red
 * (data-critical) once hours and minutes are both gone; `onExpire` at the deadline.
 */
export const Countdown = ({
  deadline,
  onExpire,
  now,
  label = 'Time left',
  formatDays,
  className,
}: CountdownProps) => {
  const state = useCountdown(deadline, { onExpire, now });
  const text = state.days !== null && formatDays ? formatDays(state.days) : state.text;
  return (
    <span
      role="timer"
      aria-label={label}
      data-critical={state.isCritical || undefined}
      className={joinClasses(
        'pg-countdown',
        state.isCritical && 'pg-countdown--critical',
        className,
      )}
      style={{
        fontVariantNumeric: 'tabular-nums',
        color: state.isCritical ? 'var(--pg-color-danger, #b42318)' : undefined,
      }}
    >
      {text}
    </span>
  );
};
