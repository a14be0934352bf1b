import { USERNAME_MESSAGE, USERNAME_PATTERN } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, stateConflict } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import { insertAdministrator, usernameTaken } from '../auth/auth-entry.ts';
import { issuePasswordLink, type PasswordLink } from './password-link-service.ts';

/**
 * A production database starts without users (demo data is refused there): the operator creates
 * the first administrator from the command line. Like every user added in the back office
 * (decision 0019), they get no password but a one-time set-password link, valid for 24 hours:
 * the password is theirs alone, never printed on a terminal or kept in its scrollback, and meets
 * the password rules. A username that is not a plain name is `invalid`, one taken in any letter
 * case a `conflict` (service errors; the command prints their message).
 */
export const createAdministrator = async (
  db: Database,
  username: string,
): Promise<{ personId: number; link: PasswordLink }> => {
  if (!USERNAME_PATTERN.test(username)) {
    throw invalid(USERNAME_MESSAGE);
  }
  const taken = () => stateConflict(`User ${username} already exists`, 'username_taken');
  return db.transaction(async (tx) => {
    if (await usernameTaken(tx, username)) throw taken();
    const personId = await insertAdministrator(tx, username);
    // Added at the same moment by another command: refused all the same.
    if (personId === undefined) throw taken();
    await recordEvent(tx, {
      eventCode: EVENT_CODES.administratorCreated,
      description: `Administrator ${username} created from the command line`,
      entityType: 'person',
      entityId: personId,
    });
    return { personId, link: await issuePasswordLink(tx, personId, null) };
  });
};
