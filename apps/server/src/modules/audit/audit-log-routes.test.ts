import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { seedReferenceData } from '../../seed/reference-data-seed.ts';
import { seedRoles } from '../../seed/roles-seed.ts';
import {
  createTestApp,
  createTestMerchant,
  createTestPerson,
  signIn,
} from '../../testing/test-app.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import { recordEvent } from './event-log.ts';

describe.each(TEST_DATABASE_KINDS)('audit log on %s', (kind) => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  let adminCookie: string;
  let merchantCookie: string;
  let ownMerchantId: number;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const { db, app } = testApp;
    await seedRoles(db);
    await seedReferenceData(db);
    const own = await createTestMerchant(db, 'Own shop');
    const other = await createTestMerchant(db, 'Other shop');
    ownMerchantId = own.id;
    const admin = await createTestPerson(db, { username: 'auditor', role: 'admin' });
    // A merchant's user who may read the audit log: their merchant's rows only.
    const clerk = await createTestPerson(db, {
      username: 'shop-clerk',
      role: 'merchant',
      merchantId: own.id,
      extraPermissions: ['audit.read'],
    });
    adminCookie = await signIn(app, 'auditor', admin.password);
    merchantCookie = await signIn(app, 'shop-clerk', clerk.password);
    await recordEvent(db, {
      eventCode: 'ROLE_CREATED',
      description: 'Created role "=HYPERLINK(1)"',
      personId: admin.id,
      entityType: 'role',
      // Text that a spreadsheet would run as a formula.
      entityId: '=7+1',
      sourceIp: '203.0.113.9',
      details: { name: '=HYPERLINK(1)', permissions: ['merchant.read'] },
    });
    await recordEvent(db, {
      eventCode: 'USER_CREATED',
      description: 'Added user other-clerk',
      personId: admin.id,
      merchantId: other.id,
      entityType: 'person',
      entityId: 99,
    });
    // An invoice's own event belongs to the invoice's event log, not here.
    const terminal = await createTestTerminal(db, own.id);
    const invoice = await createTestInvoice(db, terminal);
    await db.insert(eventLog).values({
      eventCode: 'STATUS_CHANGED',
      description: 'invoice event',
      invoiceId: invoice.id,
      merchantId: own.id,
    });
  });
  afterAll(async () => testApp?.close());

  const get = (url: string, cookie: string) =>
    testApp.app.inject({ method: 'GET', url, headers: { cookie } });

  it('lists people’s actions, the last first, with actor, IP and details; no invoice events', async () => {
    const response = await get('/api/v1/audit', adminCookie);
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json().data;
    const codes = items.map((item: { eventCode: string }) => item.eventCode);
    expect(codes).not.toContain('STATUS_CHANGED');
    expect(codes.slice(0, 2)).toEqual(['USER_CREATED', 'ROLE_CREATED']);
    expect(codes).toContain('LOGIN_SUCCEEDED');
    expect(total).toBe(items.length);
    expect(items[1]).toMatchObject({
      actor: { username: 'auditor' },
      entityType: 'role',
      entityId: '=7+1',
      sourceIp: '203.0.113.9',
      details: { name: '=HYPERLINK(1)' },
    });
  });

  it('filters by actor, kind and time, and pages', async () => {
    const byKind = (await get('/api/v1/audit?eventCode=ROLE_CREATED', adminCookie)).json().data;
    expect(byKind.items.map((item: { eventCode: string }) => item.eventCode)).toEqual([
      'ROLE_CREATED',
    ]);
    const byActor = (await get('/api/v1/audit?actor=CLERK', adminCookie)).json().data;
    expect(
      byActor.items.every((item: { actor: { username: string } }) =>
        item.actor.username.includes('clerk'),
      ),
    ).toBe(true);
    expect(byActor.total).toBeGreaterThan(0);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await get(`/api/v1/audit?from=${future}`, adminCookie)).json().data.total).toBe(0);
    const paged = (await get('/api/v1/audit?size=1&page=1', adminCookie)).json().data;
    expect(paged.items).toHaveLength(1);
    expect(paged.items[0].eventCode).toBe('ROLE_CREATED');
  });

  it('shows a merchant’s user their merchant’s rows only', async () => {
    const { items } = (await get('/api/v1/audit', merchantCookie)).json().data;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item: { merchantId: number }) => item.merchantId === ownMerchantId)).toBe(
      true,
    );
    const codes = (await get('/api/v1/audit/event-codes', merchantCookie)).json().data;
    expect(codes).not.toContain('USER_CREATED');
    expect(codes).not.toContain('STATUS_CHANGED');
  });

  it('exports the filtered rows as Audit.csv with formulas neutralised', async () => {
    const response = await get('/api/v1/audit/csv?eventCode=ROLE_CREATED', adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('Audit.csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time,Event,Description,Actor,Merchant,Entity,Entity id,IP,Details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',ROLE_CREATED,');
    expect(lines[1]).toContain(",auditor,,role,'=7+1,203.0.113.9,");
    expect(lines[1]).not.toMatch(/,=/);
  });

  it('needs audit.read', async () => {
    const { db, app } = testApp;
    const support = await createTestPerson(db, { username: 'helpdesk', role: 'support' });
    const cookie = await signIn(app, 'helpdesk', support.password);
    expect((await get('/api/v1/audit', cookie)).statusCode).toBe(403);
    expect((await get('/api/v1/audit/csv', cookie)).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/v1/audit' })).statusCode).toBe(
      401,
    );
  });
});
