import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hashing.ts';

describe('password hashing', () => {
  it('uses argon2id with the OWASP parameters and verifies', async () => {
    const passwordHash = await hashPassword('correct horse');
    expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(passwordHash, 'correct horse')).toBe(true);
    expect(await verifyPassword(passwordHash, 'Correct horse')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('answers false for a malformed hash instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
