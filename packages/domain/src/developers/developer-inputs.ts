import {
  isTrimmedLongerThan,
  type RequiredTextError,
  requiredTextError,
} from '../names/character-count.ts';
import {
  API_KEY_LABEL_MAX_LENGTH,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_RECOVERY_DAYS,
  WEBHOOK_URL_MAX_LENGTH,
} from './developer-platform.ts';

/**
 * What the Developers screen accepts as an API key label, a webhook endpoint URL and its
 * description (decision 0021). The back office's forms and the server's services both call these
 * rules, so the form never lets through what the server then refuses, nor refuses what it takes.
 * Each rule trims the text first, as both sides store it trimmed.
 */

export type ApiKeyLabelError = RequiredTextError;

/** An API key label: 1 to API_KEY_LABEL_MAX_LENGTH characters once trimmed. */
export const apiKeyLabelError = (raw: string): ApiKeyLabelError | null =>
  requiredTextError(raw, API_KEY_LABEL_MAX_LENGTH);

export type WebhookDescriptionError = 'too-long';

/** A webhook endpoint's description: optional, at most WEBHOOK_DESCRIPTION_MAX_LENGTH characters. */
export const webhookDescriptionError = (raw: string): WebhookDescriptionError | null =>
  isTrimmedLongerThan(raw, WEBHOOK_DESCRIPTION_MAX_LENGTH) ? 'too-long' : null;

export type WebhookUrlError = RequiredTextError | HttpAddressError;

/** The parts of a WHATWG URL the rule reads. */
interface ParsedUrl {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
}

/**
 * WHATWG URL, the same parser in browsers and in Node; reached through globalThis because the
 * domain compiles without DOM or Node types (as support-code.ts reaches Web Crypto).
 */
const WhatwgUrl = (globalThis as unknown as { URL: new (text: string) => ParsedUrl }).URL;

export type HttpAddressError = 'invalid' | 'credentials';

/**
 * An address the platform sends to or sends a customer to (webhook endpoints, and the merchant
 * API's callback and redirect URLs): written as an absolute http or https address (it starts
 * with `http://` or `https://`, in any case, so `http:example.com`, which WHATWG URL reads as
 * http://example.com/, is refused), parsed by `new URL`, with a host.
 *
 * A user name or password in it is 'credentials', its own answer so a form can say so: the
 * delivery job never sends to such a URL, and in a redirect it is the classic disguise
 * (`https://bank.example@evil.example/`). A bare `@` with neither (`https://@shop.example/`)
 * carries none, and is taken, as the delivery job takes it.
 */
export const httpAddressError = (text: string): HttpAddressError | null => {
  if (!/^https?:\/\//i.test(text)) return 'invalid';
  let url: ParsedUrl;
  try {
    url = new WhatwgUrl(text);
  } catch {
    return 'invalid';
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    return 'invalid';
  }
  if (url.username !== '' || url.password !== '') return 'credentials';
  return null;
};

/**
 * A webhook endpoint's URL, once trimmed: required, at most WEBHOOK_URL_MAX_LENGTH characters
 * (code points like the other limits: a URL is ASCII in practice, where code points and UTF-16
 * units agree), and an http address (httpAddressError).
 */
export const webhookUrlError = (raw: string): WebhookUrlError | null =>
  requiredTextError(raw, WEBHOOK_URL_MAX_LENGTH) ?? httpAddressError(raw.trim());

const DAY_MS = 86_400_000;

/**
 * Recover's moment (decision 0021): not in the future and within the last WEBHOOK_RECOVERY_DAYS
 * days of `now` (ms). The Developers screen's dialog and the server both judge it by this.
 */
export const isWebhookRecoveryMoment = (since: Date, now: number): boolean => {
  const at = since.getTime();
  return !Number.isNaN(at) && at <= now && at >= now - WEBHOOK_RECOVERY_DAYS * DAY_MS;
};
