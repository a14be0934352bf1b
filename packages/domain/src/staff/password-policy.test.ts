import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
  passwordRuleProblem,
} from './password-policy.ts';

describe('passwordRuleProblem (NIST SP 800-63B, decision 0019)', () => {
  it('asks for at least 12 characters and at most 1000', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(PASSWORD_MAX_LENGTH).toBe(1000);
    expect(PASSWORD_MESSAGES.tooShort).toBe('The password must be at least 12 characters long');
    expect(PASSWORD_MESSAGES.tooLong).toBe('The password must be at most 1000 characters long');
  });

  it.each([
    ['', PASSWORD_MESSAGES.tooShort],
    ['a', PASSWORD_MESSAGES.tooShort],
    ['eleven-char', PASSWORD_MESSAGES.tooShort],
    ['twelve-chars', null],
    ['correct horse battery staple', null],
    ['x'.repeat(PASSWORD_MAX_LENGTH), null],
    ['x'.repeat(PASSWORD_MAX_LENGTH + 1), PASSWORD_MESSAGES.tooLong],
  ])('%j → %j', (password, expected) => {
    expect(passwordRuleProblem(password, 'anna')).toBe(expected);
  });

  it('counts characters, not UTF-16 units: 11 emoji are too short, 12 are enough', () => {
    expect('🔒'.repeat(11).length).toBe(22);
    expect(passwordRuleProblem('🔒'.repeat(11), 'anna')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordRuleProblem('🔒'.repeat(12), 'anna')).toBeNull();
    expect(passwordRuleProblem('🔒'.repeat(PASSWORD_MAX_LENGTH), 'anna')).toBeNull();
  });

  it('keeps spaces: they count and are not trimmed away', () => {
    expect(passwordRuleProblem('   short    ', 'anna')).toBeNull();
    expect(passwordRuleProblem(' '.repeat(12), 'anna')).toBeNull();
  });

  it.each([
    ['anna-is-the-best', 'anna'],
    ['the-best-ANNA-ever', 'anna'],
    ['the-best-anna-ever', 'ANNA'],
    ['the-best-anna-ever', '  anna '],
    ['my.name.is.anna.smith', 'anna.smith'],
  ])('refuses %j containing the username %j in any letter case', (password, username) => {
    expect(passwordRuleProblem(password, username)).toBe(PASSWORD_MESSAGES.containsUsername);
  });

  it('ignores usernames too short to matter (fewer than 3 characters)', () => {
    expect(passwordRuleProblem('bo-is-here-today', 'bo')).toBeNull();
    expect(passwordRuleProblem('long enough passphrase', '')).toBeNull();
  });

  it('names the length first when a password breaks both rules', () => {
    expect(passwordRuleProblem('anna', 'anna')).toBe(PASSWORD_MESSAGES.tooShort);
  });

  it('leaves the common-password list to the server', () => {
    expect(passwordRuleProblem('password1234', 'anna')).toBeNull();
    expect(PASSWORD_MESSAGES.common).toMatch(/common/);
  });

  it('accepts every long enough password without the username (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: PASSWORD_MIN_LENGTH, maxLength: 200, unit: 'grapheme-ascii' }),
        (password) => {
          fc.pre(!password.toLowerCase().includes('zed'));
          expect(passwordRuleProblem(password, 'zed')).toBeNull();
        },
      ),
    );
  });
});
