import { describe, expect, it } from 'vitest';
import { isUuidText } from './uuid-text.ts';

describe('isUuidText', () => {
  it('takes a UUID in either case', () => {
    expect(isUuidText('0b7c5e0a-3f1d-4c2b-9a8e-1d2c3b4a5f60')).toBe(true);
    expect(isUuidText('0B7C5E0A-3F1D-4C2B-9A8E-1D2C3B4A5F60')).toBe(true);
  });

  it('refuses the urn form, braces, spaces and ids a digit short or long', () => {
    for (const text of [
      'urn:uuid:0b7c5e0a-3f1d-4c2b-9a8e-1d2c3b4a5f60',
      '{0b7c5e0a-3f1d-4c2b-9a8e-1d2c3b4a5f60}',
      ' 0b7c5e0a-3f1d-4c2b-9a8e-1d2c3b4a5f60',
      '0b7c5e0a-3f1d-4c2b-9a8e-1d2c3b4a5f6',
      '0b7c5e0a-3f1d-4c2b-9a8e-1d2c3b4a5f600',
      '0b7c5e0a3f1d4c2b9a8e1d2c3b4a5f60',
      '0b7c5e0a-3f1d-4c2b-9a8e-1d2c3b4a5g60',
      '',
    ]) {
      expect(isUuidText(text), text).toBe(false);
    }
  });
});
