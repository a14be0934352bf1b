import { describe, expect, it } from 'vitest';
import {
  apiKeyLabelError,
  httpAddressError,
  isWebhookRecoveryMoment,
  webhookDescriptionError,
  webhookUrlError,
} from './developer-inputs.ts';
import {
  API_KEY_LABEL_MAX_LENGTH,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_RECOVERY_DAYS,
  WEBHOOK_URL_MAX_LENGTH,
} from './developer-platform.ts';

/** An emoji outside the Basic Multilingual Plane: one code point, two UTF-16 units. */
const EMOJI = '😀';

describe('apiKeyLabelError', () => {
  it('needs a label once trimmed', () => {
    expect(apiKeyLabelError('')).toBe('required');
    expect(apiKeyLabelError(' \t\n ')).toBe('required');
    expect(apiKeyLabelError(' Shop backend ')).toBeNull();
  });

  it(`takes ${API_KEY_LABEL_MAX_LENGTH} characters, an emoji counting as one`, () => {
    expect(apiKeyLabelError('x'.repeat(API_KEY_LABEL_MAX_LENGTH))).toBeNull();
    expect(apiKeyLabelError('x'.repeat(API_KEY_LABEL_MAX_LENGTH + 1))).toBe('too-long');
    // 128 UTF-16 units, 64 characters.
    expect(apiKeyLabelError(EMOJI.repeat(API_KEY_LABEL_MAX_LENGTH))).toBeNull();
    expect(apiKeyLabelError(EMOJI.repeat(API_KEY_LABEL_MAX_LENGTH + 1))).toBe('too-long');
    expect(apiKeyLabelError(`  ${EMOJI.repeat(API_KEY_LABEL_MAX_LENGTH)}  `)).toBeNull();
  });
});

describe('webhookDescriptionError', () => {
  it('takes an empty description', () => {
    expect(webhookDescriptionError('')).toBeNull();
    expect(webhookDescriptionError('   ')).toBeNull();
  });

  it(`takes ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters once trimmed, an emoji counting as one`, () => {
    const longest = 'd'.repeat(WEBHOOK_DESCRIPTION_MAX_LENGTH);
    expect(webhookDescriptionError(longest)).toBeNull();
    expect(webhookDescriptionError(` ${longest} `)).toBeNull();
    expect(webhookDescriptionError(`${longest}d`)).toBe('too-long');
    expect(webhookDescriptionError(EMOJI.repeat(WEBHOOK_DESCRIPTION_MAX_LENGTH))).toBeNull();
    expect(webhookDescriptionError(EMOJI.repeat(WEBHOOK_DESCRIPTION_MAX_LENGTH + 1))).toBe(
      'too-long',
    );
  });
});

describe('webhookUrlError', () => {
  it('takes absolute http and https URLs with a host, in any case, once trimmed', () => {
    for (const url of [
      'https://shop.example/hooks?x=1',
      'http://localhost:8080/in',
      'HTTPS://SHOP.EXAMPLE',
      'Http://shop.example',
      '  https://shop.example/hooks  ',
      'http://[::1]:8080/in',
    ]) {
      expect(webhookUrlError(url), url).toBeNull();
    }
  });

  it('needs a URL', () => {
    expect(webhookUrlError('')).toBe('required');
    expect(webhookUrlError('   ')).toBe('required');
  });

  it('refuses anything not written as http:// or https:// with a host', () => {
    for (const url of [
      'shop.example',
      'http:example.com',
      'https:/shop.example',
      'ftp://shop.example',
      'javascript:alert(1)',
      'https://',
      'https:// /',
      'https://shop.example:99999/',
      '//shop.example/hooks',
    ]) {
      expect(webhookUrlError(url), url).toBe('invalid');
    }
  });

  it('refuses a user name or a password', () => {
    expect(webhookUrlError('https://user:pass@shop.example/hooks')).toBe('credentials');
    expect(webhookUrlError('https://user@shop.example/hooks')).toBe('credentials');
    expect(webhookUrlError('https://user:@shop.example/hooks')).toBe('credentials');
    expect(webhookUrlError('https://:pass@shop.example/hooks')).toBe('credentials');
    expect(webhookUrlError('HTTP://USER:PASS@SHOP.EXAMPLE')).toBe('credentials');
  });

  it('takes an empty `@`, which carries no user name or password', () => {
    expect(webhookUrlError('https://@shop.example/hooks')).toBeNull();
    expect(webhookUrlError('https://:@shop.example/hooks')).toBeNull();
  });

  it(`takes ${WEBHOOK_URL_MAX_LENGTH} characters once trimmed`, () => {
    const prefix = 'https://shop.example/';
    const longest = `${prefix}${'a'.repeat(WEBHOOK_URL_MAX_LENGTH - prefix.length)}`;
    expect(longest).toHaveLength(WEBHOOK_URL_MAX_LENGTH);
    expect(webhookUrlError(longest)).toBeNull();
    expect(webhookUrlError(` ${longest} `)).toBeNull();
    expect(webhookUrlError(`${longest}a`)).toBe('too-long');
  });

  it('counts the URL in characters too, an emoji counting as one', () => {
    const prefix = 'https://shop.example/';
    const emojiPath = EMOJI.repeat(WEBHOOK_URL_MAX_LENGTH - prefix.length);
    expect(webhookUrlError(`${prefix}${emojiPath}`)).toBeNull();
    expect(webhookUrlError(`${prefix}${emojiPath}${EMOJI}`)).toBe('too-long');
  });
});

describe('httpAddressError', () => {
  it('refuses credentials, which disguise a redirect, and takes the address itself', () => {
    expect(httpAddressError('https://bank.example@evil.example/ok')).toBe('credentials');
    expect(httpAddressError('https://:secret@shop.example/ok')).toBe('credentials');
    expect(httpAddressError('https://evil.example/ok?from=bank.example@x')).toBeNull();
    expect(httpAddressError('HTTP://shop.example/ok')).toBeNull();
    expect(httpAddressError('http:shop.example/ok')).toBe('invalid');
    expect(httpAddressError('mailto:pay@shop.example')).toBe('invalid');
  });
});

describe('isWebhookRecoveryMoment', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const daysAgo = (days: number) => new Date(now - days * 86_400_000);

  it('takes a moment from now back to WEBHOOK_RECOVERY_DAYS days ago', () => {
    for (const since of [new Date(now), daysAgo(1), daysAgo(WEBHOOK_RECOVERY_DAYS)]) {
      expect(isWebhookRecoveryMoment(since, now), since.toISOString()).toBe(true);
    }
  });

  it('refuses the future, further back, and no moment at all', () => {
    for (const since of [
      new Date(now + 1),
      new Date(daysAgo(WEBHOOK_RECOVERY_DAYS).getTime() - 1),
      new Date('not a date'),
    ]) {
      expect(isWebhookRecoveryMoment(since, now), String(since)).toBe(false);
    }
  });
});
