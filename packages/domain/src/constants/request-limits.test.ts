import { describe, expect, it } from 'vitest';
import { INVOICE_SEARCH_MAX_LENGTH, RECORD_ID_MAX } from './request-limits.ts';

describe('request limits', () => {
  it('bound record ids by the 32-bit integer columns', () => {
    expect(RECORD_ID_MAX).toBe(2 ** 31 - 1);
  });

  it('bound the invoice search text', () => {
    expect(INVOICE_SEARCH_MAX_LENGTH).toBe(200);
  });
});
