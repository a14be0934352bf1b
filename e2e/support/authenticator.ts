import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as the server checks it (apps/server/src/modules/auth/two-factor-secrets.ts). */
const PERIOD_SECONDS = 30;
const PERIOD_MS = PERIOD_SECONDS * 1_000;

const stepAt = (ms: number) => Math.floor(ms / PERIOD_MS);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface AuthenticatorApp {
  /**
   * A code the server has not seen: of the current 30-second step, or of the next one when the
   * current one was given already (the server accepts one step either side of now and never a
   * step twice, decision 0019). Waits for the next step when both were given.
   */
  nextCode: () => Promise<string>;
}

/**
 * An authenticator app for the journeys, set up with the key Settings → Security shows (base32,
 * in groups of 4): codes as every app makes them (SHA-1, 6 digits, 30-second steps), computed
 * with the same otpauth library the server checks them with.
 */
export const authenticatorApp = (setupKey: string): AuthenticatorApp => {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(setupKey.replace(/\s+/g, '')),
  });
  let lastStep = Number.NEGATIVE_INFINITY;
  return {
    nextCode: async () => {
      let now = Date.now();
      while (lastStep + 1 > stepAt(now) + 1) {
        // Both the current and the next step are used: wait until the next one starts.
        await sleep((stepAt(now) + 1) * PERIOD_MS - now + 50);
        now = Date.now();
      }
      const step = Math.max(stepAt(now), lastStep + 1);
      lastStep = step;
      return totp.generate({ timestamp: step * PERIOD_MS });
    },
  };
};
