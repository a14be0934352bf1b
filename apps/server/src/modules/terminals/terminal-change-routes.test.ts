import { FEE_PERCENT_VALUE_MESSAGE } from '@paygate/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, terminalAttributes, terminals } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { currencyId, referenceItemId } from '../../seed/reference-data.ts';
import { createTestTerminal } from '../../testing/test-data.ts';
import { TERMINAL_EVENT_CODES } from './terminal-change-service.ts';
import { createTerminalFixture, type TerminalFixture } from './terminal-test-fixture.ts';

const FLOW_TYPE = { DEPOSIT: referenceItemId(200, 1), WITHDRAWAL: referenceItemId(200, 2) };
/** Reference list 105 in seed order: one attribute type of each parameter type. */
const TYPE = {
  I: referenceItemId(105, 1),
  S: referenceItemId(105, 2),
  C: referenceItemId(105, 3),
  B: referenceItemId(105, 4),
  N: referenceItemId(105, 5),
};
/** The success-rate alert settings (decision 0023), 7th to 9th of list 105. */
const ALERT_TYPE = {
  threshold: referenceItemId(105, 7),
  window: referenceItemId(105, 8),
  minAttempts: referenceItemId(105, 9),
};

describe.each(TEST_DATABASE_KINDS)('terminal changes on %s', (kind) => {
  let fixture: TerminalFixture;
  let theirs: { id: number };

  beforeAll(async () => {
    fixture = await createTerminalFixture(kind);
    theirs = await createTestTerminal(fixture.db, fixture.other.id, { name: 'Theirs' });
  });
  afterAll(async () => fixture?.close());

  const terminalRow = async (id: number) => {
    const [row] = await fixture.db.select().from(terminals).where(eq(terminals.id, id));
    return row;
  };
  const attributeValues = async (terminalId: number) =>
    Object.fromEntries(
      (
        await fixture.db
          .select()
          .from(terminalAttributes)
          .where(eq(terminalAttributes.terminalId, terminalId))
      ).map((row) => [row.attributeTypeId, row.value]),
    );
  const newTerminal = (name: string, merchant: 'own' | 'other' = 'own') =>
    createTestTerminal(fixture.db, fixture[merchant].id, { name });

  describe('POST /api/v1/terminal/merchantId=:id', () => {
    const create = (
      merchantId: number,
      who: Parameters<TerminalFixture['call']>[2],
      body: unknown,
    ) => fixture.call('POST', `/api/v1/terminal/merchantId=${merchantId}`, who, body);

    it('creates an enabled test-mode terminal for the own merchant, 201, logged', async () => {
      const response = await create(fixture.own.id, 'merchant', {
        name: '  RUB payouts ',
        flowTypeId: FLOW_TYPE.WITHDRAWAL,
        currencyId: currencyId('RUB'),
      });
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      expect(data).toEqual({
        id: expect.any(Number),
        name: 'RUB payouts',
        paymentFlow: 'WITHDRAWAL',
        currency: { id: currencyId('RUB'), code: 'RUB', dimension: 2 },
        isTest: true,
        enable: true,
        merchantId: fixture.own.id,
        terminalPoolId: null,
        attributes: [],
      });
      expect(await terminalRow(data.id)).toMatchObject({
        merchantId: fixture.own.id,
        name: 'RUB payouts',
        flowType: 'WITHDRAWAL',
        isTest: true,
        enabled: true,
      });
      const events = await fixture.events(TERMINAL_EVENT_CODES.created, data.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        personId: fixture.personIds.merchant,
        merchantId: fixture.own.id,
        entityType: 'terminal',
      });
      expect(events[0]?.description).toContain('RUB payouts');
    });

    it('lets merchant.rw.all holders with terminal.create create for any merchant', async () => {
      const response = await create(fixture.other.id, 'admin', {
        name: 'Admin made',
        flowTypeId: FLOW_TYPE.DEPOSIT,
        currencyId: currencyId('KGS'),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        merchantId: fixture.other.id,
        paymentFlow: 'DEPOSIT',
      });
      const unknown = await create(999_999, 'admin', {
        name: 'Nowhere',
        flowTypeId: FLOW_TYPE.DEPOSIT,
        currencyId: currencyId('KGS'),
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('answers 404 when a merchant user creates for another merchant, and creates nothing', async () => {
      const before = await fixture.db
        .select()
        .from(terminals)
        .where(eq(terminals.merchantId, fixture.other.id));
      const response = await create(fixture.other.id, 'merchant', {
        name: 'Planted',
        flowTypeId: FLOW_TYPE.DEPOSIT,
        currencyId: currencyId('UZS'),
      });
      expect(response.statusCode).toBe(404);
      const after = await fixture.db
        .select()
        .from(terminals)
        .where(eq(terminals.merchantId, fixture.other.id));
      expect(after).toHaveLength(before.length);
    });

    it.each([
      [{ name: '', flowTypeId: FLOW_TYPE.DEPOSIT, currencyId: 101002 }, 'Name is required'],
      [{ name: '   ', flowTypeId: FLOW_TYPE.DEPOSIT, currencyId: 101002 }, 'Name is required'],
      [
        { name: 'ab', flowTypeId: FLOW_TYPE.DEPOSIT, currencyId: 101002 },
        'Name must be at least 3 characters long',
      ],
      [
        { name: 'Bad\u0007name', flowTypeId: FLOW_TYPE.DEPOSIT, currencyId: 101002 },
        'Name must not contain control characters',
      ],
      // NUL is refused for every request before validation (http/nul-character-guard.ts).
      [
        { name: 'Bad\u0000name', flowTypeId: FLOW_TYPE.DEPOSIT, currencyId: 101002 },
        'Text must not contain the NUL character',
      ],
      // A currency item is not a flow type, whatever its id.
      [{ name: 'Good name', flowTypeId: 101002, currencyId: 101002 }, 'Unknown flow type'],
      [{ name: 'Good name', flowTypeId: FLOW_TYPE.DEPOSIT, currencyId: 999 }, 'Unknown currency'],
      [{ flowTypeId: FLOW_TYPE.DEPOSIT, currencyId: 101002 }, "required property 'name'"],
      [{ name: 'Good name', currencyId: 101002 }, "required property 'flowTypeId'"],
      [{ name: 'Good name', flowTypeId: FLOW_TYPE.DEPOSIT }, "required property 'currencyId'"],
      [
        { name: 'Good name', flowTypeId: String(FLOW_TYPE.DEPOSIT), currencyId: 101002 },
        'body/flowTypeId must be integer',
      ],
      [{ name: 42, flowTypeId: FLOW_TYPE.DEPOSIT, currencyId: 101002 }, 'body/name must be string'],
      [
        { name: 'Good name', flowTypeId: FLOW_TYPE.DEPOSIT, currencyId: 2_147_483_648 },
        'currencyId',
      ],
      [
        { name: 'Good name', flowTypeId: FLOW_TYPE.DEPOSIT, currencyId: 101002, isTest: false },
        'is not a known property',
      ],
    ])('refuses %j with 400 "%s"', async (body, message) => {
      const response = await create(fixture.own.id, 'merchant', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain(message);
    });

    it('refuses a malformed merchant id in the path with 400', async () => {
      const body = { name: 'Good name', flowTypeId: FLOW_TYPE.DEPOSIT, currencyId: 101002 };
      expect(
        (await fixture.call('POST', '/api/v1/terminal/merchantId=abc', 'merchant', body))
          .statusCode,
      ).toBe(400);
      expect(
        (await fixture.call('POST', '/api/v1/terminal/merchantId=0', 'merchant', body)).statusCode,
      ).toBe(400);
    });

    it('does not clash with /api/v1/terminal/:id', async () => {
      // No POST on /:id: a number alone is no create path.
      expect(
        (await fixture.call('POST', `/api/v1/terminal/${fixture.own.id}`, 'merchant', {}))
          .statusCode,
      ).toBe(404);
      // GET of the create path is a terminal id that is not a number.
      expect(
        (await fixture.call('GET', `/api/v1/terminal/merchantId=${fixture.own.id}`, 'merchant'))
          .statusCode,
      ).toBe(400);
    });

    it('needs terminal.create and a session', async () => {
      const body = { name: 'Good name', flowTypeId: FLOW_TYPE.DEPOSIT, currencyId: 101002 };
      expect((await create(fixture.own.id, 'operator', body)).statusCode).toBe(403);
      expect((await create(fixture.own.id, 'support', body)).statusCode).toBe(403);
      expect((await create(fixture.own.id, undefined, body)).statusCode).toBe(401);
    });
  });

  describe('PATCH /api/v1/terminal/:id', () => {
    const patch = (id: number, who: Parameters<TerminalFixture['call']>[2], body: unknown) =>
      fixture.call('PATCH', `/api/v1/terminal/${id}`, who, body);

    it('disables and enables a terminal, one event each, for terminal.create holders', async () => {
      const terminal = await newTerminal('Toggle me');
      const off = await patch(terminal.id, 'merchant', { enable: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().data).toMatchObject({ id: terminal.id, enable: false, isTest: true });
      expect((await terminalRow(terminal.id))?.enabled).toBe(false);
      const on = await patch(terminal.id, 'merchant', { enable: true });
      expect(on.json().data.enable).toBe(true);
      expect(await fixture.events(TERMINAL_EVENT_CODES.disabled, terminal.id)).toHaveLength(1);
      const enabled = await fixture.events(TERMINAL_EVENT_CODES.enabled, terminal.id);
      expect(enabled).toHaveLength(1);
      expect(enabled[0]?.personId).toBe(fixture.personIds.merchant);
    });

    it('switches to production only with terminal.prod.change (403 otherwise)', async () => {
      const terminal = await newTerminal('Go live');
      const refused = await patch(terminal.id, 'merchant', { isTest: false });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toContain('terminal.prod.change');
      expect((await terminalRow(terminal.id))?.isTest).toBe(true);

      const live = await patch(terminal.id, 'operator', { isTest: false });
      expect(live.statusCode).toBe(200);
      expect(live.json().data.isTest).toBe(false);
      expect((await terminalRow(terminal.id))?.isTest).toBe(false);
      const events = await fixture.events(TERMINAL_EVENT_CODES.switchedToProduction, terminal.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        personId: fixture.personIds.operator,
        merchantId: fixture.own.id,
      });
    });

    it('needs terminal.prod.change to go back to test as well', async () => {
      const terminal = await createTestTerminal(fixture.db, fixture.own.id, {
        name: 'Live one',
        isTest: false,
      });
      expect((await patch(terminal.id, 'merchant', { isTest: true })).statusCode).toBe(403);
      expect((await terminalRow(terminal.id))?.isTest).toBe(false);
      const back = await patch(terminal.id, 'merchantEditor', { isTest: true });
      expect(back.statusCode).toBe(200);
      expect(await fixture.events(TERMINAL_EVENT_CODES.switchedToTest, terminal.id)).toHaveLength(
        1,
      );
    });

    it('changes both at once with an event each, and logs nothing for no change', async () => {
      const terminal = await newTerminal('Both');
      const both = await patch(terminal.id, 'admin', { isTest: false, enable: false });
      expect(both.json().data).toMatchObject({ isTest: false, enable: false });
      const same = await patch(terminal.id, 'admin', { isTest: false, enable: false });
      expect(same.statusCode).toBe(200);
      // Asking for the current mode needs no permission: nothing changes.
      expect((await patch(terminal.id, 'merchant', { isTest: false })).statusCode).toBe(200);
      const rows = await fixture.db
        .select()
        .from(eventLog)
        .where(
          and(eq(eventLog.entityType, 'terminal'), eq(eventLog.entityId, String(terminal.id))),
        );
      expect(rows.map((row) => row.eventCode).sort()).toEqual([
        TERMINAL_EVENT_CODES.disabled,
        TERMINAL_EVENT_CODES.switchedToProduction,
      ]);
    });

    it.each([
      [{}, 'fewer than 1 properties'],
      [{ isTest: null }, 'body/isTest must be boolean'],
      [{ isTest: '' }, 'body/isTest must be boolean'],
      [{ isTest: 'false' }, 'body/isTest must be boolean'],
      [{ enable: 0 }, 'body/enable must be boolean'],
      [{ enabled: false }, 'is not a known property'],
      [[], 'body must be object'],
    ])('refuses %j with 400 and changes nothing', async (body, message) => {
      const terminal = await newTerminal('Untouched');
      const response = await patch(terminal.id, 'admin', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain(message);
      expect(await terminalRow(terminal.id)).toMatchObject({ isTest: true, enabled: true });
    });

    it('answers 404 for another merchant’s terminal and 400 for a bad id', async () => {
      expect((await patch(theirs.id, 'merchant', { enable: false })).statusCode).toBe(404);
      expect((await terminalRow(theirs.id))?.enabled).toBe(true);
      expect((await patch(999_999, 'admin', { enable: false })).statusCode).toBe(404);
      expect((await patch(0, 'admin', { enable: false })).statusCode).toBe(400);
    });

    it('needs terminal.create or terminal.prod.change, and a session', async () => {
      const terminal = await newTerminal('Guarded');
      expect((await patch(terminal.id, 'support', { enable: false })).statusCode).toBe(403);
      expect((await patch(terminal.id, undefined, { enable: false })).statusCode).toBe(401);
      expect((await patch(terminal.id, 'operator', { enable: false })).statusCode).toBe(200);
    });
  });

  describe('PUT /api/v1/terminal/:id', () => {
    const put = (id: number, who: Parameters<TerminalFixture['call']>[2], body: unknown) =>
      fixture.call('PUT', `/api/v1/terminal/${id}`, who, body);
    const attribute = (type: keyof typeof TYPE, value: unknown) => ({
      value,
      attrType: { id: TYPE[type] },
    });

    it('saves the name and one attribute of every type, with an event per change', async () => {
      const terminal = await newTerminal('Before');
      const response = await put(terminal.id, 'merchantEditor', {
        name: ' After ',
        attributes: [
          attribute('I', '30'),
          attribute('S', ' Shop name '),
          attribute('C', '*'),
          attribute('B', 'true'),
          attribute('N', '2.5'),
        ],
      });
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.name).toBe('After');
      expect(
        data.attributes.map((row: { attributeId: number; value: string; paramType: object }) => [
          row.attributeId,
          row.value,
          row.paramType,
        ]),
      ).toEqual([
        [TYPE.I, '30', { code: 'I' }],
        [TYPE.S, 'Shop name', { code: 'S' }],
        [TYPE.C, '*', { code: 'C' }],
        [TYPE.B, 'true', { code: 'B' }],
        [TYPE.N, '2.5', { code: 'N' }],
      ]);
      expect((await terminalRow(terminal.id))?.name).toBe('After');
      expect(await attributeValues(terminal.id)).toEqual({
        [TYPE.I]: '30',
        [TYPE.S]: 'Shop name',
        [TYPE.C]: '*',
        [TYPE.B]: 'true',
        [TYPE.N]: '2.5',
      });
      const renamed = await fixture.events(TERMINAL_EVENT_CODES.renamed, terminal.id);
      expect(renamed).toHaveLength(1);
      expect(renamed[0]?.description).toBe('Terminal renamed from "Before" to "After"');
      expect(await fixture.events(TERMINAL_EVENT_CODES.attributeSet, terminal.id)).toHaveLength(5);
    });

    it('updates an existing attribute in place and drops empty values without deleting', async () => {
      const terminal = await newTerminal('Upsert');
      await put(terminal.id, 'merchantEditor', {
        name: 'Upsert',
        attributes: [attribute('I', '30'), attribute('S', 'Kept')],
      });
      const [before] = await fixture.db
        .select()
        .from(terminalAttributes)
        .where(
          and(
            eq(terminalAttributes.terminalId, terminal.id),
            eq(terminalAttributes.attributeTypeId, TYPE.I),
          ),
        );
      const response = await put(terminal.id, 'merchantEditor', {
        name: 'Upsert',
        // SPEC §5: empty-valued attributes are dropped on save, whatever their type.
        attributes: [
          attribute('I', '45'),
          attribute('S', '   '),
          attribute('B', ''),
          attribute('N', null),
          { attrType: { id: TYPE.C } },
        ],
      });
      expect(response.statusCode).toBe(200);
      expect(await attributeValues(terminal.id)).toEqual({ [TYPE.I]: '45', [TYPE.S]: 'Kept' });
      const [after] = await fixture.db
        .select()
        .from(terminalAttributes)
        .where(
          and(
            eq(terminalAttributes.terminalId, terminal.id),
            eq(terminalAttributes.attributeTypeId, TYPE.I),
          ),
        );
      expect(after?.id).toBe(before?.id);
      const events = await fixture.events(TERMINAL_EVENT_CODES.attributeSet, terminal.id);
      expect(events.map((row) => row.description)).toContain(
        'Attribute "Callback timeout, seconds" (Integer) changed from "30" to "45"',
      );
      expect(await fixture.events(TERMINAL_EVENT_CODES.renamed, terminal.id)).toHaveLength(0);
    });

    it('accepts the attributes as GET returns them (extra fields ignored)', async () => {
      const terminal = await newTerminal('Round trip');
      const first = await put(terminal.id, 'merchantEditor', {
        name: 'Round trip',
        attributes: [attribute('B', 'false')],
      });
      const response = await put(terminal.id, 'merchantEditor', {
        name: 'Round trip',
        attributes: first.json().data.attributes,
      });
      expect(response.statusCode).toBe(200);
      expect(await fixture.events(TERMINAL_EVENT_CODES.attributeSet, terminal.id)).toHaveLength(1);
    });

    it.each([
      ['I', '1.5', 'value is not Integer'],
      ['I', 'abc', 'value is not Integer'],
      ['I', '99999999999999999999', 'value is not Integer'],
      ['S', 'line\nbreak', 'value is not String'],
      ['C', 'ab', 'value is not Char'],
      ['B', 'yes', 'value is not Boolean'],
      // N is the fee percent (item 5), which may be whole (decision 0017): '12' is saved.
      ['N', '12a', 'value is not Numeric'],
      ['N', '1.2.3', 'value is not Numeric'],
    ] as const)(
      'refuses a %s value %j with "%s" and saves nothing',
      async (type, value, message) => {
        const terminal = await newTerminal('Strict');
        const response = await put(terminal.id, 'merchantEditor', {
          name: 'Renamed strict',
          // A valid attribute first: nothing of a save is kept when one value is refused.
          attributes: [
            type === 'S' ? attribute('I', '5') : attribute('S', 'fine'),
            attribute(type, value),
          ],
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toBe(message);
        expect((await terminalRow(terminal.id))?.name).toBe('Strict');
        expect(await attributeValues(terminal.id)).toEqual({});
      },
    );

    it.each([
      [ALERT_TYPE.threshold, '101', 'Value must be a whole number from 0 to 100'],
      [ALERT_TYPE.window, '0', 'Value must be a whole number from 1 to 1440'],
      [ALERT_TYPE.minAttempts, '100001', 'Value must be a whole number from 1 to 100000'],
    ])(
      'refuses alert setting %i out of range (%j) and saves nothing',
      async (typeId, value, message) => {
        const terminal = await newTerminal('Alerting');
        const response = await put(terminal.id, 'merchantEditor', {
          name: 'Alerting',
          attributes: [attribute('S', 'fine'), { value, attrType: { id: typeId } }],
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toBe(message);
        expect(await attributeValues(terminal.id)).toEqual({});
      },
    );

    it('saves alert settings within their ranges, the ends included', async () => {
      const terminal = await newTerminal('Alerting well');
      const response = await put(terminal.id, 'merchantEditor', {
        name: 'Alerting well',
        attributes: [
          { value: '100', attrType: { id: ALERT_TYPE.threshold } },
          { value: '1440', attrType: { id: ALERT_TYPE.window } },
          { value: '1', attrType: { id: ALERT_TYPE.minAttempts } },
        ],
      });
      expect(response.statusCode).toBe(200);
      expect(await attributeValues(terminal.id)).toEqual({
        [ALERT_TYPE.threshold]: '100',
        [ALERT_TYPE.window]: '1440',
        [ALERT_TYPE.minAttempts]: '1',
      });
    });

    it('holds a changed fee percent to the fee rule, and lets one saved before the rule stay', async () => {
      const terminal = await newTerminal('Old fee');
      // Saved before values were held to the fee rule (decision 0017).
      await fixture.db
        .insert(terminalAttributes)
        .values({ terminalId: terminal.id, attributeTypeId: TYPE.N, value: '150.25' });
      const kept = await put(terminal.id, 'merchantEditor', {
        name: 'Old fee, renamed',
        attributes: [{ value: '150.25', attrType: { id: TYPE.N } }],
      });
      expect(kept.statusCode, kept.body).toBe(200);

      const changed = await put(terminal.id, 'merchantEditor', {
        name: 'Old fee, renamed',
        attributes: [{ value: '150.5', attrType: { id: TYPE.N } }],
      });
      expect(changed.statusCode).toBe(400);
      expect(changed.json().detail).toBe(FEE_PERCENT_VALUE_MESSAGE);
      expect(await attributeValues(terminal.id)).toEqual({ [TYPE.N]: '150.25' });
    });

    it('saves a whole fee percent, which other Numeric values may not be (decision 0017)', async () => {
      const terminal = await newTerminal('Whole fee');
      const saved = await put(terminal.id, 'merchantEditor', {
        name: 'Whole fee',
        attributes: [{ value: '2', attrType: { id: TYPE.N } }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await attributeValues(terminal.id)).toEqual({ [TYPE.N]: '2' });
      // Saved again unchanged, it still fits its type.
      const again = await put(terminal.id, 'merchantEditor', {
        name: 'Whole fee',
        attributes: [{ value: '2', attrType: { id: TYPE.N } }],
      });
      expect(again.statusCode, again.body).toBe(200);
    });

    it.each([
      [{ name: 'ab', attributes: [] }, 'Name must be at least 3 characters long'],
      [{ name: ' ', attributes: [] }, 'Name is required'],
      [{ attributes: [] }, "required property 'name'"],
      [{ name: 'Good name' }, "required property 'attributes'"],
      [{ name: 'Good name', attributes: {} }, 'body/attributes must be array'],
      [
        { name: 'Good name', attributes: [{ value: 30, attrType: { id: TYPE.I } }] },
        'body/attributes/0/value must be string,null',
      ],
      [
        { name: 'Good name', attributes: [{ value: '30', attrType: { id: String(TYPE.I) } }] },
        'body/attributes/0/attrType/id must be integer',
      ],
      [{ name: 'Good name', attributes: [{ value: '30' }] }, "required property 'attrType'"],
      [
        { name: 'Good name', attributes: [{ value: '30', attrType: { id: FLOW_TYPE.DEPOSIT } }] },
        `Unknown attribute type ${FLOW_TYPE.DEPOSIT}`,
      ],
      [
        { name: 'Good name', attributes: [{ value: '30', attrType: { id: 105_999 } }] },
        'Unknown attribute type 105999',
      ],
      [
        {
          name: 'Good name',
          attributes: [
            { value: '30', attrType: { id: TYPE.I } },
            { value: '40', attrType: { id: TYPE.I } },
          ],
        },
        `Attribute type ${TYPE.I} is given more than once`,
      ],
    ])('refuses %j with 400 "%s"', async (body, message) => {
      const terminal = await newTerminal('Bad body');
      const response = await put(terminal.id, 'merchantEditor', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain(message);
    });

    it('lets a merchant without terminal.prod.change rename but not change attributes', async () => {
      const terminal = await newTerminal('Merchant owned');
      await put(terminal.id, 'merchantEditor', {
        name: 'Merchant owned',
        attributes: [attribute('N', '1.5')],
      });
      // The UI sends the attributes back unchanged with a rename: that is allowed.
      const rename = await put(terminal.id, 'merchant', {
        name: 'Merchant renamed',
        attributes: [attribute('N', '1.5')],
      });
      expect(rename.statusCode).toBe(200);
      const change = await put(terminal.id, 'merchant', {
        name: 'Merchant renamed',
        attributes: [attribute('N', '0.5')],
      });
      expect(change.statusCode).toBe(403);
      expect(await attributeValues(terminal.id)).toEqual({ [TYPE.N]: '1.5' });
    });

    it('answers 404 for another merchant’s terminal, 403 and 401 as usual', async () => {
      const body = { name: 'Hijacked', attributes: [] };
      expect((await put(theirs.id, 'merchantEditor', body)).statusCode).toBe(404);
      expect((await terminalRow(theirs.id))?.name).toBe('Theirs');
      expect((await put(theirs.id, 'support', body)).statusCode).toBe(403);
      expect((await put(theirs.id, undefined, body)).statusCode).toBe(401);
      expect(
        (await put(theirs.id, 'otherMerchant', { name: 'Theirs 2', attributes: [] })).statusCode,
      ).toBe(200);
    });
  });

  describe('DELETE /api/v1/terminal/:id?attributeId=', () => {
    const remove = (id: number, query: string, who: Parameters<TerminalFixture['call']>[2]) =>
      fixture.call('DELETE', `/api/v1/terminal/${id}?${query}`, who);

    const terminalWithAttributes = async (name: string, merchant: 'own' | 'other' = 'own') => {
      const terminal = await newTerminal(name, merchant);
      await fixture.db.insert(terminalAttributes).values([
        { terminalId: terminal.id, attributeTypeId: TYPE.I, value: '30' },
        { terminalId: terminal.id, attributeTypeId: TYPE.S, value: 'Shown' },
      ]);
      return terminal;
    };

    it('removes one attribute and logs its old value', async () => {
      const terminal = await terminalWithAttributes('Remove one');
      const response = await remove(terminal.id, `attributeId=${TYPE.I}`, 'merchantEditor');
      expect(response.statusCode).toBe(200);
      expect(
        response.json().data.attributes.map((row: { attributeId: number }) => row.attributeId),
      ).toEqual([TYPE.S]);
      expect(await attributeValues(terminal.id)).toEqual({ [TYPE.S]: 'Shown' });
      const events = await fixture.events(TERMINAL_EVENT_CODES.attributeRemoved, terminal.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        personId: fixture.personIds.merchantEditor,
        description: 'Attribute "Callback timeout, seconds" removed (was "30")',
      });
      const again = await remove(terminal.id, `attributeId=${TYPE.I}`, 'merchantEditor');
      expect(again.statusCode).toBe(404);
      expect(again.json().detail).toBe('Attribute not found');
    });

    it('answers 404 for another merchant’s terminal and leaves its attributes alone', async () => {
      const foreign = await terminalWithAttributes('Foreign attrs', 'other');
      expect((await remove(foreign.id, `attributeId=${TYPE.I}`, 'merchantEditor')).statusCode).toBe(
        404,
      );
      expect(await attributeValues(foreign.id)).toEqual({ [TYPE.I]: '30', [TYPE.S]: 'Shown' });
    });

    it.each(['', 'attributeId=', 'attributeId=abc', 'attributeId=0', 'attributeId=1.5'])(
      'refuses query "%s" with 400',
      async (query) => {
        const terminal = await terminalWithAttributes('Bad query');
        expect((await remove(terminal.id, query, 'merchantEditor')).statusCode).toBe(400);
        expect(Object.keys(await attributeValues(terminal.id))).toHaveLength(2);
      },
    );

    it('needs terminal.prod.change and terminal.attr.read (403), and a session (401)', async () => {
      const terminal = await terminalWithAttributes('Guarded attrs');
      const merchant = await remove(terminal.id, `attributeId=${TYPE.I}`, 'merchant');
      expect(merchant.statusCode).toBe(403);
      expect((await remove(terminal.id, `attributeId=${TYPE.I}`, 'support')).statusCode).toBe(403);
      expect((await remove(terminal.id, `attributeId=${TYPE.I}`, undefined)).statusCode).toBe(401);
      expect(Object.keys(await attributeValues(terminal.id))).toHaveLength(2);
      expect((await remove(terminal.id, `attributeId=${TYPE.I}`, 'operator')).statusCode).toBe(200);
    });
  });
});
