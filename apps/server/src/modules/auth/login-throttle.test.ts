import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { eventLog, loginAttempts } from '../../db/schema.ts';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import {
  finishPasswordCheck,
  LOGIN_THROTTLE,
  type PasswordCheckReservation,
  purgeOldLoginAttempts,
  reservePasswordCheck,
  throttleAddress,
  throttleDelayMs,
} from './login-throttle.ts';

describe('throttle arithmetic', () => {
  it('waits 1 s after the free failures, doubling up to 15 minutes', () => {
    expect(
      Array.from({ length: 18 }, (_, failures) => throttleDelayMs(failures, 5) / 1000),
    ).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    expect(throttleDelayMs(10_000, 5)).toBe(LOGIN_THROTTLE.maxDelayMs);
  });

  it('counts IPv4 as it is and IPv6 by its /64', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttleAddress('not an address')).toBe('not an address');
  });
});

describe.each(TEST_DATABASE_KINDS)('password-check reservations on %s', (kind) => {
  let database: DatabaseHandle;
  const start = new Date('2030-01-01T00:00:00Z');
  const at = (ms: number) => new Date(start.getTime() + ms);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  const reserve = (username: string, sourceIp: string, now: Date) =>
    reservePasswordCheck(database.db, { username, sourceIp, now });
  const fail = (reservation: PasswordCheckReservation) => {
    if (!reservation.allowed) throw new Error('expected an allowed check');
    return finishPasswordCheck(database.db, reservation, {
      outcome: 'failed',
      personId: null,
      sourceIp: reservation.address,
      purpose: 'sign-in',
    });
  };

  it('lets the next check through once the wait since the latest failure has passed', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await fail(await reserve('olga', '192.0.2.1', at(attempt)));
    }
    expect(await reserve('olga', '192.0.2.1', at(500))).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    const sixth = await reserve('olga', '192.0.2.1', at(1_004));
    expect(sixth.allowed).toBe(true);
    await fail(sixth);
    expect(await reserve('olga', '192.0.2.1', at(1_005))).toEqual({
      allowed: false,
      retryAfterSeconds: 2,
    });
    // A day later the failures are forgotten.
    expect((await reserve('olga', '192.0.2.1', at(24 * 3_600_000 + 2_000))).allowed).toBe(true);
  });

  it('writes one lock event when the fifth failure of a pair is recorded', async () => {
    const reservations: PasswordCheckReservation[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      reservations.push(await reserve('pete', '192.0.2.2', at(attempt)));
    }
    // The fifth is the one that locks, whichever order the outcomes arrive in.
    for (const reservation of reservations.reverse()) await fail(reservation);
    const locks = await database.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.entityId, 'pair:pete 192.0.2.2'));
    expect(locks.map(({ eventCode }) => eventCode)).toEqual(['LOGIN_LOCKED']);
  });

  it('purges attempts older than 30 days only', async () => {
    await database.db.insert(loginAttempts).values([
      {
        username: 'old',
        sourceIp: '192.0.2.9',
        succeeded: true,
        attemptedAt: sql`now() - interval '31 days'`,
      },
      {
        username: 'recent',
        sourceIp: '192.0.2.9',
        succeeded: true,
        attemptedAt: sql`now() - interval '29 days'`,
      },
    ]);
    expect(await purgeOldLoginAttempts(database.db)).toBe(1);
    const left = await database.db
      .select({ username: loginAttempts.username })
      .from(loginAttempts)
      .where(eq(loginAttempts.sourceIp, '192.0.2.9'));
    expect(left).toEqual([{ username: 'recent' }]);
  });
});
