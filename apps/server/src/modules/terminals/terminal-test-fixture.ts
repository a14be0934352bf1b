import type { RoleName } from '@paygate/domain';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { eventLog } from '../../db/schema.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import {
  createTestApp,
  createTestMerchant,
  createTestPerson,
  signIn,
  type TestApp,
} from '../../testing/test-app.ts';

/**
 * The people of the terminal and settlement tests, by what they may do:
 * - merchant: the merchant role of the own merchant (terminal.create, terminal.attr.read,
 *   settlement.create; not terminal.prod.change);
 * - merchantEditor: the same plus terminal.prod.change, so may change attributes;
 * - merchantMonitor: the merchant role plus data.terminal.statistic (monitoring, scoped);
 * - otherMerchant: the merchant role of the other merchant;
 * - support: merchant.rw.all without any terminal, provider, pool or settlement permission;
 * - operator: merchant.rw.all with terminal.prod.change, terminal.attr.read, monitoring,
 *   provider and pool reports, but no terminal.create nor settlement.create;
 * - accountant: support plus people.account only (provider list for account creation);
 * - admin: everything.
 */
const PEOPLE = {
  merchant: { role: 'merchant', merchant: 'own' },
  merchantEditor: { role: 'merchant', merchant: 'own', extra: ['terminal.prod.change'] },
  merchantMonitor: { role: 'merchant', merchant: 'own', extra: ['data.terminal.statistic'] },
  otherMerchant: { role: 'merchant', merchant: 'other' },
  support: { role: 'support' },
  operator: { role: 'operator' },
  accountant: { role: 'support', extra: ['people.account'] },
  admin: { role: 'admin' },
} as const satisfies Record<
  string,
  { role: RoleName; merchant?: 'own' | 'other'; extra?: readonly string[] }
>;

export type TestPersonName = keyof typeof PEOPLE;

export interface TerminalFixture extends TestApp {
  own: { id: number };
  other: { id: number };
  cookies: Record<TestPersonName, string>;
  personIds: Record<TestPersonName, number>;
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    who?: TestPersonName,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  /** Event-log rows of one code about one entity. */
  events: (eventCode: string, entityId: number) => Promise<Array<typeof eventLog.$inferSelect>>;
}

/** A seeded app with two merchants and every kind of person signed in. */
export const createTerminalFixture = async (
  kind: 'pglite' | 'postgres',
): Promise<TerminalFixture> => {
  const testApp = await createTestApp(kind);
  const { db, app } = testApp;
  await seedReferenceData(db);
  const own = await createTestMerchant(db, 'Own shop');
  const other = await createTestMerchant(db, 'Other shop');
  const cookies = {} as Record<TestPersonName, string>;
  const personIds = {} as Record<TestPersonName, number>;
  for (const [name, spec] of Object.entries(PEOPLE) as Array<
    [TestPersonName, (typeof PEOPLE)[TestPersonName]]
  >) {
    const merchant = 'merchant' in spec ? spec.merchant : undefined;
    const person = await createTestPerson(db, {
      username: name.toLowerCase(),
      role: spec.role,
      merchantId: merchant === 'own' ? own.id : merchant === 'other' ? other.id : null,
      extraPermissions: 'extra' in spec ? [...spec.extra] : [],
    });
    personIds[name] = person.id;
    cookies[name] = await signIn(app, person.username, person.password);
  }
  return {
    ...testApp,
    own,
    other,
    cookies,
    personIds,
    call: (method, url, who, payload, headers = {}) =>
      app.inject({
        method,
        url,
        headers: who ? { ...headers, cookie: cookies[who] } : headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    events: (eventCode, entityId) =>
      db
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.eventCode, eventCode), eq(eventLog.entityId, String(entityId)))),
  };
};
