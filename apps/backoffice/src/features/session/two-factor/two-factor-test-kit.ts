import type { TwoFactorEnrolment, TwoFactorStatus } from '@paygate/api';
import { problem } from '../../../testing/fake-api.ts';

/** Answers of the two-factor routes for the tests of the sign-in steps and the security page. */

/** An SVG with a marker, to prove it is shown as an image and never put into the page. */
export const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" id="qr-from-server" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>';

export const ENROLMENT: TwoFactorEnrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauthUri:
    'otpauth://totp/Paygate%20back%20office:tester?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Paygate%20back%20office',
  qrSvg: QR_SVG,
};

export const GROUPED_SECRET = 'JBSW Y3DP EHPK 3PXP JBSW Y3DP';

/** Ten recovery codes as the server makes them; `batch` tells one issue from the next. */
export const recoveryCodes = (batch = 'a'): string[] =>
  Array.from({ length: 10 }, (_, index) => `${batch}${index}m2p-9xq4t`);

export const twoFactorStatus = (overrides: Partial<TwoFactorStatus> = {}): TwoFactorStatus => ({
  enabled: false,
  enabledAt: null,
  required: false,
  recoveryCodesLeft: 0,
  ...overrides,
});

export const WRONG_CODE = {
  status: 400,
  body: problem(
    400,
    'The code is not right. Check that the time on your phone is set automatically',
    'two_factor_code_invalid',
  ),
};

export const STEP_EXPIRED = {
  status: 401,
  statusText: 'Unauthorized',
  body: problem(401, 'The sign-in has expired. Sign in again.', 'second_step_expired'),
};
