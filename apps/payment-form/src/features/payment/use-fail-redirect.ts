import { useEffect, useState } from 'react';

/**
 * Seconds Fail shows before it returns the customer to the shop (SPEC §4 "Fail redirects to the
 * cancel URL normally", "error goes to Fail and redirects to the error URL"): long enough to read
 * the screen and copy the invoice id, short enough not to strand anyone (decision 0011).
 */
export const FAIL_REDIRECT_SECONDS = 10;

/** The browser's navigation, in one place so tests can watch it (jsdom cannot navigate). */
export const pageNavigation = {
  assign: (href: string) => window.location.assign(href),
};

export interface FailRedirect {
  /** Whole seconds left before the redirect; null when none is coming (no URL, or stopped). */
  secondsLeft: number | null;
  /** The customer stays on the page: the countdown ends, Continue still leads away. */
  stop: () => void;
}

/**
 * Counts down FAIL_REDIRECT_SECONDS once `href` (a safe redirect URL, see redirect-url.ts) is
 * given, ticking on whole seconds of one deadline, then goes there. No href, `stop`, or leaving
 * the page ends it.
 */
export const useFailRedirect = (href: string | null): FailRedirect => {
  const [stoppedFor, setStoppedFor] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(FAIL_REDIRECT_SECONDS);
  const target = href !== null && stoppedFor !== href ? href : null;

  useEffect(() => {
    if (target === null) return;
    const deadline = Date.now() + FAIL_REDIRECT_SECONDS * 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        pageNavigation.assign(target);
        return;
      }
      // The next whole second of the deadline, even when a timer fired late.
      timer = setTimeout(tick, deadline - Date.now() - (left - 1) * 1000);
    };
    setSecondsLeft(FAIL_REDIRECT_SECONDS);
    timer = setTimeout(tick, 1000);
    return () => clearTimeout(timer);
  }, [target]);

  return {
    secondsLeft: target === null ? null : secondsLeft,
    stop: () => setStoppedFor(href),
  };
};
