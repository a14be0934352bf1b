import { describe, expect, it } from 'vitest';
import {
  apiKeySchema,
  endpointSchema,
  INITIAL_ROTATE,
  rotateSchema,
  toggled,
} from './developer-forms.ts';
import { deliverySummaryText } from './developer-texts.ts';

const errorsOf = async (
  schema: { validate: (value: unknown, options: object) => Promise<unknown> },
  value: unknown,
) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe('Create API key form', () => {
  it('needs a label of at most 64 characters and a scope', async () => {
    expect(await errorsOf(apiKeySchema, { label: ' ', scopes: [] })).toEqual([
      'Label is required',
      'Choose at least one scope',
    ]);
    expect(
      await errorsOf(apiKeySchema, { label: 'x'.repeat(65), scopes: ['invoices:read'] }),
    ).toEqual(['Label must be at most 64 characters long']);
    expect(
      await errorsOf(apiKeySchema, { label: ` ${'x'.repeat(64)} `, scopes: ['invoices:read'] }),
    ).toEqual([]);
  });

  it('counts an emoji as one character, as the server does', async () => {
    // 64 emoji are 128 UTF-16 units: the server counts them as 64 characters too.
    expect(
      await errorsOf(apiKeySchema, { label: '😀'.repeat(64), scopes: ['invoices:read'] }),
    ).toEqual([]);
    expect(
      await errorsOf(apiKeySchema, { label: '😀'.repeat(65), scopes: ['invoices:read'] }),
    ).toEqual(['Label must be at most 64 characters long']);
  });
});

describe('Rotate form', () => {
  it('takes whole hours from 0 to 168, 24 by default', async () => {
    expect(INITIAL_ROTATE).toEqual({ graceHours: '24' });
    expect(await errorsOf(rotateSchema, { graceHours: '' })).toEqual([
      'Enter the grace period in hours',
    ]);
    expect(await errorsOf(rotateSchema, { graceHours: '1.5' })).toEqual(['Enter whole hours']);
    expect(await errorsOf(rotateSchema, { graceHours: '-1' })).toEqual(['Enter whole hours']);
    expect(await errorsOf(rotateSchema, { graceHours: '169' })).toEqual([
      'The grace period is 0 to 168 hours',
    ]);
    for (const hours of ['0', '24', '168']) {
      expect(await errorsOf(rotateSchema, { graceHours: hours })).toEqual([]);
    }
  });
});

describe('endpoint form', () => {
  const urlErrorsOf = (url: string) =>
    errorsOf(endpointSchema, { url, description: '', eventTypes: ['invoice.done'] });

  it('takes http and https URLs with a host only', async () => {
    for (const url of [
      'https://shop.example/hooks?x=1',
      'http://localhost:8080/in',
      'HTTPS://SHOP.EXAMPLE',
      ' https://shop.example/hooks ',
    ]) {
      expect(await urlErrorsOf(url), url).toEqual([]);
    }
    for (const bad of [
      'shop.example',
      'http:example.com',
      'ftp://a.example',
      'https://',
      'https:/a.example',
      'javascript:alert(1)',
    ]) {
      expect(await urlErrorsOf(bad), bad).toEqual([
        'Enter a URL that starts with https:// or http://',
      ]);
    }
  });

  it('refuses a URL with a user name or password, as the server does', async () => {
    for (const bad of ['https://user:pass@shop.example/hooks', 'https://user@shop.example/hooks']) {
      expect(await urlErrorsOf(bad), bad).toEqual(['URL must not contain a user name or password']);
    }
  });

  it('needs a URL, a short description and an event type', async () => {
    expect(await errorsOf(endpointSchema, { url: '', description: '', eventTypes: [] })).toEqual([
      'URL is required',
      'Choose at least one event type',
    ]);
    expect(
      await errorsOf(endpointSchema, {
        url: `https://a.example/${'x'.repeat(2048)}`,
        description: 'd'.repeat(201),
        eventTypes: ['invoice.done'],
      }),
    ).toEqual([
      'URL must be at most 2048 characters long',
      'Description must be at most 200 characters long',
    ]);
  });

  it('counts an emoji in the description as one character', async () => {
    const endpoint = { url: 'https://a.example', eventTypes: ['invoice.done'] };
    expect(await errorsOf(endpointSchema, { ...endpoint, description: '😀'.repeat(200) })).toEqual(
      [],
    );
    expect(await errorsOf(endpointSchema, { ...endpoint, description: '😀'.repeat(201) })).toEqual([
      'Description must be at most 200 characters long',
    ]);
  });

  it('keeps a checklist in the order of its items', () => {
    const all = ['a', 'b', 'c'] as const;
    expect(toggled(all, ['c'], 'a', true)).toEqual(['a', 'c']);
    expect(toggled(all, ['a', 'c'], 'a', false)).toEqual(['c']);
  });
});

describe('delivery badges', () => {
  const delivery = { callbackId: 1, endpointId: 1, url: 'https://a.example' };
  it('says the status with the response code or the attempts', () => {
    expect(
      deliverySummaryText({ ...delivery, status: 'SENT', attempts: 2, lastResponseCode: 204 }),
    ).toBe('SENT 204');
    expect(
      deliverySummaryText({ ...delivery, status: 'FAILED', attempts: 3, lastResponseCode: 500 }),
    ).toBe('FAILED 3 attempts');
    expect(
      deliverySummaryText({ ...delivery, status: 'FAILED', attempts: 1, lastResponseCode: null }),
    ).toBe('FAILED 1 attempt');
    expect(
      deliverySummaryText({ ...delivery, status: 'PENDING', attempts: 0, lastResponseCode: null }),
    ).toBe('PENDING');
    expect(
      deliverySummaryText({ ...delivery, status: 'PENDING', attempts: 2, lastResponseCode: 503 }),
    ).toBe('PENDING 2 attempts');
  });
});
