import * as yup from 'yup';

/**
 * The words of the confirmation asked before a security action (decision 0019, "Recent
 * authentication"). The server's refusals (a wrong password or code, too many tries) are shown as
 * it sends them.
 */
export const REAUTHENTICATION_TEXTS = {
  title: 'Confirm it is you',
  explanation: 'This action changes who can do what. Enter your password to continue.',
  passwordLabel: 'Password',
  codeLabel: 'Code from your authenticator app',
  codeHint: 'Or one of your recovery codes',
  passwordRequired: 'Enter your password',
  codeRequired: 'Enter the code from your authenticator app',
  confirm: 'Confirm',
  cancel: 'Cancel',
  /** When the server gives no reason of its own. */
  failed: 'Could not confirm it is you. Try again.',
} as const;

/** The server takes at most 32 characters (a code of the app, or a recovery code). */
export const REAUTHENTICATION_CODE_MAX_LENGTH = 32;

export interface ReauthenticationValues {
  password: string;
  code: string;
}

export const EMPTY_REAUTHENTICATION: ReauthenticationValues = { password: '', code: '' };

/**
 * The password is required (taken as typed: spaces may be part of it); the code too while
 * two-factor sign-in is on. A recovery code is accepted, so the code is not limited to digits.
 */
export const reauthenticationSchema = (asksCode: boolean) =>
  yup.object({
    password: yup.string().required(REAUTHENTICATION_TEXTS.passwordRequired),
    code: asksCode
      ? yup.string().trim().required(REAUTHENTICATION_TEXTS.codeRequired)
      : yup.string(),
  });

/** The POST /api/v1/reauthentication body: the code only when asked, trimmed. */
export const reauthenticationPayload = (
  { password, code }: ReauthenticationValues,
  asksCode: boolean,
): { password: string; code?: string } =>
  asksCode && code.trim() !== '' ? { password, code: code.trim() } : { password };
