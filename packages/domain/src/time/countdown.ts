const SECOND_MS = 1_000;
const MINUTE_S = 60;
const HOUR_S = 3_600;
const DAY_S = 86_400;

/** Unit appended to the day count in `Countdown.text`; the UI may translate it using `days`. */
export const COUNTDOWN_DAY_UNIT = 'd';

export interface Countdown {
  /** Whole seconds left, rounded down, never negative. */
  remainingSeconds: number;
  /** Whole days left when more than a day remains, else null. */
  days: number | null;
  /** "HH:MM:SS" when a day or less remains (up to "24:00:00"), clamped at "00:00:00"; else null. */
  clock: string | null;
  /** What the button shows: "2 d" when more than a day remains, else the clock. */
  text: string;
  /** SPEC §2: red once hours and minutes are both gone (under a minute left, expired included). */
  isCritical: boolean;
  /** At or past the deadline (or an unreadable deadline): the expiry handler runs. */
  isExpired: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * SPEC §2 countdown button: whole days when more than a day is left, otherwise HH:MM:SS in whole
 * seconds rounded down; red under a minute; expired at or past the deadline, never negative.
 */
export const countdown = (remainingMs: number): Countdown => {
  const isExpired = !(remainingMs > 0);
  const remainingSeconds = isExpired ? 0 : Math.floor(remainingMs / SECOND_MS);
  if (remainingSeconds > DAY_S) {
    const days = Math.floor(remainingSeconds / DAY_S);
    return {
      remainingSeconds,
      days,
      clock: null,
      text: `${days} ${COUNTDOWN_DAY_UNIT}`,
      isCritical: false,
      isExpired,
    };
  }
  const hours = Math.floor(remainingSeconds / HOUR_S);
  const minutes = Math.floor((remainingSeconds % HOUR_S) / MINUTE_S);
  const seconds = remainingSeconds % MINUTE_S;
  const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return {
    remainingSeconds,
    days: null,
    clock,
    text: clock,
    isCritical: hours === 0 && minutes === 0,
    isExpired,
  };
};
