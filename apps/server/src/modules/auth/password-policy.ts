import { PASSWORD_MESSAGES, passwordRuleProblem } from '@paygate/domain';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * New passwords (issue 22 item 6, decision 0019): the rules of packages/domain, and not one of
 * the ~49,000 common and breached passwords of zxcvbn-ts's maintained list (NIST SP 800-63B
 * 5.1.1.2: "passwords obtained from previous breach corpuses", "dictionary words").
 */
let commonPasswords: Set<string> | undefined;

const isCommonPassword = (password: string): boolean => {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
};

/** Why a new password is refused, in words for the person choosing it; null when it is fine. */
export const newPasswordProblem = (password: string, username: string): string | null =>
  passwordRuleProblem(password, username) ??
  (isCommonPassword(password) ? PASSWORD_MESSAGES.common : null);
