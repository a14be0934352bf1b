import { randomBytes } from 'node:crypto';
import { USERNAME_MESSAGE, USERNAME_PATTERN } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, stateConflict } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import { hashPassword } from './password-hashing.ts';
import { insertAdministrator, usernameTaken } from './person-repository.ts';

/**
 * A production database starts without users (demo data is refused there): the operator creates
 * the first administrator from the command line. The password is generated, shown once and
 * stored only as its argon2 hash; the administrator changes it after signing in. A username that
 * is not a plain name is `invalid`, one taken in any letter case a `conflict` (service errors;
 * the command prints their message).
 */
export const createAdministrator = async (
  db: Database,
  username: string,
): Promise<{ personId: number; password: string }> => {
  if (!USERNAME_PATTERN.test(username)) {
    throw invalid(USERNAME_MESSAGE);
  }
  const password = randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if (await usernameTaken(tx, username)) throw stateConflict(`User ${username} already exists`);
    const personId = await insertAdministrator(tx, { username, passwordHash });
    await recordEvent(tx, {
      eventCode: EVENT_CODES.administratorCreated,
      description: `Administrator ${username} created from the command line`,
      entityType: 'person',
      entityId: personId,
    });
    return { personId, password };
  });
};
