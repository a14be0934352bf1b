import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { people } from '../../db/schema.ts';
import { EVENT_CODES, recordEvent } from '../audit/event-log.ts';
import { hashPassword } from './password-hashing.ts';

const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,64}$/;

export class AdministratorAccountError extends Error {
  override name = 'AdministratorAccountError';
}

/**
 * A production database starts without users (demo data is refused there): the operator creates
 * the first administrator from the command line. The password is generated, shown once and
 * stored only as its argon2 hash; the administrator changes it after signing in.
 */
export const createAdministrator = async (
  db: Database,
  username: string,
): Promise<{ personId: number; password: string }> => {
  if (!USERNAME_PATTERN.test(username)) {
    throw new AdministratorAccountError(
      'The username must be 3 to 64 letters, digits, dots, dashes or underscores',
    );
  }
  const password = randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: people.id })
      .from(people)
      .where(sql`lower(${people.username}) = lower(${username})`);
    if (existing) throw new AdministratorAccountError(`User ${username} already exists`);
    const [person] = await tx
      .insert(people)
      .values({
        username,
        passwordHash,
        firstName: 'Administrator',
        lastName: username,
        roleName: 'admin',
      })
      .returning({ id: people.id });
    if (!person) throw new Error('the new administrator was not stored');
    await recordEvent(tx, {
      eventCode: EVENT_CODES.administratorCreated,
      description: `Administrator ${username} created from the command line`,
      entityType: 'person',
      entityId: person.id,
    });
    return { personId: person.id, password };
  });
};
