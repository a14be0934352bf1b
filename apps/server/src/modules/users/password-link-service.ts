import type { Database } from '../../db/database.ts';
import { goneError, invalid } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import {
  endSessions,
  hashPassword,
  newPasswordProblem,
  storePasswordHash,
} from '../auth/auth-entry.ts';
import { findUsableResetToken, markResetTokenUsed } from './user-repository.ts';
import { hashToken } from './user-service.ts';

/**
 * One-time set-password links (issue 22 item 1, decision 0019): a new user's first password and
 * the one after an administrator's reset. A link works once, for 24 hours, for an enabled user;
 * setting the password ends every session of the user.
 */

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
