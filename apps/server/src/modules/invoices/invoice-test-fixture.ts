import type { RoleName } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { roles } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import {
  createTestApp,
  createTestMerchant,
  createTestPerson,
  signIn,
  type TestApp,
} from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';

export { TEST_DATABASE_KINDS };

export type FixturePerson =
  | 'merchant'
  | 'otherMerchant'
  | 'support'
  | 'operator'
  | 'admin'
  | 'bare';

/**
 * The world of the invoice-operation tests: two merchants with a deposit and a withdrawal
 * terminal each, and one signed-in person per role; `bare` is a merchant user whose role grants
 * no permission at all, for the 403 checks.
 */
export const createOperationsFixture = async (kind: 'pglite' | 'postgres') => {
  const testApp: TestApp = await createTestApp(kind);
  const { db, app } = testApp;
  await seedReferenceData(db);
  const own = await createTestMerchant(db, 'Own shop');
  const other = await createTestMerchant(db, 'Other shop');

  const people: Array<[FixturePerson, RoleName, number | null]> = [
    ['merchant', 'merchant', own.id],
    ['otherMerchant', 'merchant', other.id],
    ['support', 'support', null],
    ['operator', 'operator', null],
    ['admin', 'admin', null],
  ];
  const cookies = {} as Record<FixturePerson, string>;
  const personIds = {} as Record<FixturePerson, number>;
  for (const [name, role, merchantId] of people) {
    const person = await createTestPerson(db, { username: name, role, merchantId });
    personIds[name] = person.id;
    cookies[name] = await signIn(app, name, person.password);
  }
  // A merchant user whose role grants nothing: roles are rows, so make one for the test.
  await db.insert(roles).values({ name: 'nothing', permissions: [] }).onConflictDoNothing();
  const bare = await createTestPerson(db, {
    username: 'bare',
    role: 'nothing' as RoleName,
    merchantId: own.id,
  });
  personIds.bare = bare.id;
  cookies.bare = await signIn(app, 'bare', bare.password);

  const terminals = {
    ownDeposit: await createTestTerminal(db, own.id, { name: 'Own in' }),
    ownWithdrawal: await createTestTerminal(db, own.id, {
      name: 'Own out',
      flowType: 'WITHDRAWAL',
    }),
    otherDeposit: await createTestTerminal(db, other.id, { name: 'Other in' }),
  };

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    who?: FixturePerson,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      headers: who ? { cookie: cookies[who] } : {},
      ...(payload ? { payload } : {}),
    });

  return {
    testApp,
    db: db as Database,
    own,
    other,
    terminals,
    personIds,
    call,
    createInvoice: createTestInvoice.bind(null, db),
    close: () => testApp.close(),
  };
};

export type OperationsFixture = Awaited<ReturnType<typeof createOperationsFixture>>;
