/**
 * The words of two-factor sign-in (issue 22 item 3), shared by the sign-in steps and
 * Settings → Security. The server's own messages (a wrong code, a step that expired, too many
 * wrong codes) are shown as it sends them.
 */
export const TWO_FACTOR_TEXTS = {
  codeLabel: 'Code',
  /** Where a recovery code is accepted too: the sign-in step, new recovery codes, turning off. */
  codeHint: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes',
  /** Enrolment: only the new secret's code proves the app is set up. */
  appCodeHint: 'The 6-digit code your authenticator app shows now',
  codeRequired: 'Enter the code',
  appCodeInvalid: 'Enter the 6 digits your authenticator app shows',
  typeRecoveryCode: 'Type a recovery code',
  typeAppCode: 'Type a code from the app',
  scanStep: 'Scan the QR code with your authenticator app.',
  typeKeyHint: 'Cannot scan it? Enter this key in the app instead:',
  codeStep: 'Enter the 6-digit code the app shows.',
  qrAlt: 'QR code for your authenticator app',
  recoveryCodesTitle: 'Save your recovery codes',
  recoveryCodesWarning:
    'Shown only once: keep them somewhere safe. Each one signs you in once if you lose your phone.',
  savedCodes: 'I have saved these codes',
  copyAll: 'Copy all',
  download: 'Download',
  /** What the sign-in says when its second step is over (the server's 401 says the same). */
  expired: 'The sign-in has expired. Sign in again.',
  signInFailed: 'Sign-in failed',
  roleRequires: 'Your role requires two-factor sign-in. Set it up now to continue.',
  turnedOn: 'Two-factor sign-in is on',
  turnedOff: 'Two-factor sign-in is off',
  codesIssued: 'New recovery codes issued',
} as const;

/** The server takes at most 32 characters (a code of the app, or a recovery code). */
export const CODE_MAX_LENGTH = 32;

/** The file the recovery codes are downloaded as. */
export const RECOVERY_CODES_FILE_NAME = 'paygate-recovery-codes.txt';
