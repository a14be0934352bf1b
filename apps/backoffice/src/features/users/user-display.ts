import type { StaffUser } from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';

/** The details route of a user (issue 22: /users/:id). */
export const userPath = (userId: number): string => `/users/${userId}`;

/** A positive whole user id from the route, or null. */
export const userIdFromRoute = (text: string | undefined): number | null => {
  if (!text || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Who a user belongs to: their merchant, or the platform itself (merchantId null). */
export const merchantText = (user: Pick<StaffUser, 'merchantId' | 'merchantName'>): string => {
  if (user.merchantId === null) return USER_TEXTS.platformStaff;
  return user.merchantName ?? `Merchant ${user.merchantId}`;
};

export const fullName = (user: Pick<StaffUser, 'firstName' | 'lastName'>): string =>
  `${user.firstName} ${user.lastName}`.trim();

export const statusText = (enabled: boolean): string =>
  enabled ? USER_TEXTS.active : USER_TEXTS.deactivated;

export const lastSignInText = (user: Pick<StaffUser, 'lastSignInAt'>): string =>
  user.lastSignInAt ? formatDateTimeShort(user.lastSignInAt) : USER_TEXTS.neverSignedIn;

/** Whether the user signs in with a second factor (an authenticator app's code). */
export const twoFactorText = (enabled: boolean): string =>
  enabled ? USER_TEXTS.twoFactorOn : USER_TEXTS.twoFactorOff;

export const sessionsEndedText = (ended: number): string =>
  ended === 1 ? 'Ended 1 session' : `Ended ${ended} sessions`;

/** The texts of the Users screens (en, the back office language). */
export const USER_TEXTS = {
  added: 'User added',
  changed: 'Successfully changed',
  userDeactivated: 'User deactivated',
  userReactivated: 'User reactivated',
  twoFactorReset: 'Two-factor sign-in reset',
  twoFactorOn: 'On',
  twoFactorOff: 'Off',
  nothingFound: 'Nothing found',
  notFound: 'User not found',
  platformStaff: 'Platform staff',
  active: 'Active',
  deactivated: 'Deactivated',
  noPassword: 'No password yet',
  neverSignedIn: 'Never',
  self: 'This is you: your own account is changed in Settings, not here.',
  moreThanOwn: 'You cannot change a user who holds permissions you do not hold.',
  notAssignable: 'You cannot give this role: it has permissions you do not hold.',
  platformOnly: (permissions: readonly string[]) =>
    `A user of a merchant cannot hold: ${permissions.join(', ')}`,
  linkShownOnce:
    'This link is shown only once and works once within 24 hours. Copy it now and give it to the user through a channel you trust.',
  copyFailed: 'Could not copy. Select the link and copy it by hand.',
} as const;
