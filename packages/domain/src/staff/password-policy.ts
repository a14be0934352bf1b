import { characterCount } from '../names/character-count.ts';

/**
 * Password rules (issue 22 item 6, NIST SP 800-63B, decision 0019): long enough, never truncated
 * (the longest accepted is checked whole, argon2id takes any length), not the username. The
 * server also refuses passwords on the list of common and breached passwords it ships.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1000;

export const PASSWORD_MESSAGES = {
  tooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  tooLong: `The password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  containsUsername: 'The password must not contain the username',
  common: 'This password is on a list of common or leaked passwords; choose another one',
} as const;

/** The first rule a new password breaks (length, username), or null; the common list is the server's. */
export const passwordRuleProblem = (password: string, username: string): string | null => {
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const name = username.trim().toLowerCase();
  if (name.length >= 3 && password.toLowerCase().includes(name)) {
    return PASSWORD_MESSAGES.containsUsername;
  }
  return null;
};
