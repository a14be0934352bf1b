import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, recoveryCodeHash, recoveryCodeMatches } from './two-factor-secrets.ts';

describe('recovery code storage', () => {
  const [code = ''] = newRecoveryCodes();

  it('salts every stored code: the same code is never stored the same way twice', () => {
    const first = recoveryCodeHash(code);
    expect(first).toMatch(/^s2\$[\w-]{22}\$[\w-]{43}$/);
    expect(recoveryCodeHash(code)).not.toBe(first);
    expect(first).not.toContain(createHash('sha256').update(code.replace('-', '')).digest('hex'));
  });

  it('matches the code as people type it, and no other', () => {
    const stored = recoveryCodeHash(code);
    for (const typed of [code, code.toUpperCase(), code.replace('-', ' '), code.replace('-', '')]) {
      expect(recoveryCodeMatches(stored, typed), typed).toBe(true);
    }
    expect(recoveryCodeMatches(stored, 'abcde-fghjk')).toBe(false);
    expect(recoveryCodeMatches(recoveryCodeHash('abcde-fghjk'), code)).toBe(false);
  });

  it('matches codes stored before the salt (a bare SHA-256 in hex)', () => {
    const unsalted = createHash('sha256').update('abcdefghjk').digest('hex');
    expect(recoveryCodeMatches(unsalted, 'ABCDE-FGHJK')).toBe(true);
    expect(recoveryCodeMatches(unsalted, 'abcde-fghjm')).toBe(false);
  });

  it('matches nothing against a stored form it cannot read', () => {
    for (const stored of ['', 's2$', 's2$$', 's2$c2FsdA$', 'abc', 'f'.repeat(63), 's2$x$y$z']) {
      expect(recoveryCodeMatches(stored, code), stored).toBe(false);
    }
  });
});
