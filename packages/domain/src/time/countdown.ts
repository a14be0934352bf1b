const SECOND_MS = 1_000;
const MINUTE_S = 60;
const HOUR_S = 3_600;
const DAY_S = 86_400;

export interface Countdown {
  /** Whole days left when more than a day remains, else null. */
  days: number | null;
  /** "HH:MM:SS" when a day or less remains; clamped at "00:00:00". */
  clock: string | null;
  /** SPEC §2: red once hours and minutes are both gone (under a minute left). */
  isCritical: boolean;
  /** At or past the deadline: the expiry handler runs. */
  isExpired: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * SPEC §2 countdown button: days when more than a day is left, otherwise HH:MM:SS (whole
 * seconds, rounded down). The unit of days is left to the caller so it can be translated.
 */
export const countdown = (remainingMs: number): Countdown => {
  const totalSeconds = Math.max(0, Math.floor(remainingMs / SECOND_MS));
  const isExpired = remainingMs <= 0;
  if (totalSeconds > DAY_S) {
    return {
      days: Math.floor(totalSeconds / DAY_S),
      clock: null,
      isCritical: false,
      isExpired,
    };
  }
  const hours = Math.floor(totalSeconds / HOUR_S);
  const minutes = Math.floor((totalSeconds % HOUR_S) / MINUTE_S);
  const seconds = totalSeconds % MINUTE_S;
  return {
    days: null,
    clock: `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`,
    isCritical: hours === 0 && minutes === 0,
    isExpired,
  };
};

/** Countdown to a deadline from a given moment (both epoch milliseconds or Dates). */
export const countdownTo = (deadline: Date | number, now: Date | number): Countdown =>
  countdown(Number(deadline) - Number(now));
