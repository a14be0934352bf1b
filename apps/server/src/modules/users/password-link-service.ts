import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { goneError, invalid } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import {
  endSessions,
  hashPassword,
  newPasswordProblem,
  storePasswordHash,
} from '../auth/auth-entry.ts';
import { findUsableResetToken, insertResetToken, markResetTokenUsed } from './user-repository.ts';

/**
 * One-time set-password links (issue 22 item 1, decision 0019): a new user's first password and
 * the one after an administrator's reset. A link works once, for 24 hours, for an enabled user;
 * setting the password ends every session of the user.
 */

/** How long a set-password link works. */
export const PASSWORD_LINK_HOURS = 24;

/** A one-time set-password link: the token is shown once, only its hash is stored. */
export interface PasswordLink {
  token: string;
  /** The back office's page for it; the client puts its own origin in front. */
  path: string;
  expiresAt: string;
}

/** SHA-256 of a link's token: what the database keeps (a token is 256 random bits). */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** A new link for the person (any earlier unused one stops working); `createdBy` null: the command line. */
export const issuePasswordLink = async (
  db: Database,
  personId: number,
  createdBy: number | null,
): Promise<PasswordLink> => {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + PASSWORD_LINK_HOURS * 3_600_000);
  await insertResetToken(db, { personId, tokenHash: hashToken(token), createdBy, expiresAt });
  return { token, path: `/password-reset/${token}`, expiresAt: expiresAt.toISOString() };
};

export const LINK_GONE_MESSAGE =
  'This link has expired or was already used. Ask your administrator for a new one.';

/** Whose link it is, for the page that sets the password; gone when it cannot be used. */
export const checkPasswordLink = async (db: Database, token: string) => {
  const link = await findUsableResetToken(db, hashToken(token));
  if (!link) throw goneError(LINK_GONE_MESSAGE, 'link_expired');
  return { username: link.username, expiresAt: link.expiresAt.toISOString() };
};

export const setPasswordWithLink = async (
  db: Database,
  { token, newPassword, sourceIp }: { token: string; newPassword: string; sourceIp: string },
): Promise<void> => {
  // Hashing is slow on purpose: done before the transaction that locks the link.
  const pending = await findUsableResetToken(db, hashToken(token));
  if (!pending) throw goneError(LINK_GONE_MESSAGE, 'link_expired');
  const problem = newPasswordProblem(newPassword, pending.username);
  if (problem) throw invalid(problem);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const link = await findUsableResetToken(tx, hashToken(token));
    if (!link) throw goneError(LINK_GONE_MESSAGE, 'link_expired');
    await markResetTokenUsed(tx, link.id);
    await storePasswordHash(tx, link.personId, passwordHash);
    await endSessions(tx, { personId: link.personId, reason: 'password' });
    await recordEvent(tx, {
      eventCode: EVENT_CODES.passwordSet,
      description: `${link.username} set a password through a one-time link`,
      personId: link.personId,
      merchantId: link.merchantId,
      entityType: 'person',
      entityId: link.personId,
      sourceIp,
    });
  });
};
