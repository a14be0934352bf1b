import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSupportCode } from './support-code.ts';

describe('computeSupportCode', () => {
  it('is the first 16 bytes of SHA-256 of "<formId>.<key>" in hex', async () => {
    // Vector: `printf 'form-1.key-1' | sha256sum | cut -c1-32`.
    expect(await computeSupportCode('form-1', 'key-1')).toBe('c01210cce8e495e78a64e9484ab35af4');
  });

  it('changes with either input and is always 32 hex characters', async () => {
    const base64url = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);
    await fc.assert(
      fc.asyncProperty(base64url, base64url, async (formId, key) => {
        const code = await computeSupportCode(formId, key);
        expect(code).toMatch(/^[0-9a-f]{32}$/);
        expect(await computeSupportCode(`${formId}x`, key)).not.toBe(code);
        expect(await computeSupportCode(formId, `${key}x`)).not.toBe(code);
      }),
      { numRuns: 50 },
    );
  });
});
