import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleAccountCredentials } from '../../db/schema.ts';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { ACCOUNT_EVENT_CODES } from './people-account-events.ts';
import {
  type AccountTestContext,
  accountEvents,
  insertAccount,
  insertCredential,
  OTHER_CARD,
  paramTypeId,
  requisiteTypeId,
  setUpAccountTests,
  UZS_CARD,
} from './people-account-test-setup.ts';

const credentialsUrl = (accountId: number | string) =>
  `/api/v1/people/account/${accountId}/credential`;
const credentialUrl = (accountId: number | string, credentialId: number | string) =>
  `${credentialsUrl(accountId)}/${credentialId}`;

describe.each(TEST_DATABASE_KINDS)('people account credentials on %s', (kind) => {
  let context: AccountTestContext;
  let uzs: { id: number };
  let rub: { id: number };
  let other: { id: number };
  let otherCredential: { id: number };
  /** A UZS card account without credentials, for the refusals. */
  let blank: { id: number };

  beforeAll(async () => {
    context = await setUpAccountTests(kind);
    uzs = await insertAccount(context, { method: 'HUMOUZS' });
    rub = await insertAccount(context, { provider: 'RU_P2P', method: 'SBERRUB_X' });
    other = await insertAccount(context, { method: 'CARDUZS' });
    otherCredential = await insertCredential(context, other.id, { value: OTHER_CARD });
    blank = await insertAccount(context, { method: 'CARDUZS' });
  });
  afterAll(async () => context?.testApp.close());

  const credentialsOf = (accountId: number) =>
    context.db
      .select()
      .from(peopleAccountCredentials)
      .where(eq(peopleAccountCredentials.peopleAccountId, accountId))
      .orderBy(peopleAccountCredentials.id);

  const card = (value = '8600 4953-1234 5670') => ({
    credentialTypeId: requisiteTypeId('CARD'),
    paramTypeId: paramTypeId('S'),
    value,
  });
  const phone = (value: string) => ({
    credentialTypeId: requisiteTypeId('PHONE'),
    paramTypeId: paramTypeId('S'),
    value,
  });

  describe('POST /api/v1/people/account/:id/credential', () => {
    it('adds a card number without its separators and logs it masked', async () => {
      const response = await context.call('POST', credentialsUrl(uzs.id), 'operator', card());
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      expect(data).toEqual({
        id: expect.any(Number),
        credentialType: { id: requisiteTypeId('CARD'), code: 'CARD', value: 'Card number' },
        paramType: { id: paramTypeId('S'), code: 'S', value: 'String' },
        value: UZS_CARD,
      });
      expect(await credentialsOf(uzs.id)).toEqual([
        {
          id: data.id,
          peopleAccountId: uzs.id,
          credentialTypeId: requisiteTypeId('CARD'),
          paramTypeId: paramTypeId('S'),
          value: UZS_CARD,
        },
      ]);
      const [event] = await accountEvents(context.db, ACCOUNT_EVENT_CODES.credentialAdded, uzs.id);
      expect(event).toMatchObject({
        personId: context.operatorId,
        description: `Credential #${data.id} added to account #${uzs.id}: Card number **** 5670`,
        sourceIp: '127.0.0.1',
      });
      expect(event?.description).not.toContain(UZS_CARD);
      const details = await context.call('GET', `/api/v1/people/account/${uzs.id}`, 'viewer');
      expect(details.json().data.credentials).toEqual([data]);
    });

    it('adds a phone number in the international form of the account’s currency', async () => {
      const response = await context.call(
        'POST',
        credentialsUrl(rub.id),
        'operator',
        phone(' +7 (912) 345-67-89 '),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        credentialType: { code: 'PHONE' },
        value: '+79123456789',
      });
      const [event] = await accountEvents(context.db, ACCOUNT_EVENT_CODES.credentialAdded, rub.id);
      expect(event?.description).toContain('Phone number +79123456789');
    });

    it('refuses a second credential of the same type on one account (409)', async () => {
      const response = await context.call(
        'POST',
        credentialsUrl(uzs.id),
        'operator',
        card('9860 1234 5678 9015'),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toMatch(/^The account already has a Card number credential/);
      expect(await credentialsOf(uzs.id)).toHaveLength(1);
    });

    it('lets only one of two concurrent additions of the same type through', async () => {
      const account = await insertAccount(context, { method: 'SBERRUB' });
      const responses = await Promise.all([
        context.call('POST', credentialsUrl(account.id), 'operator', card('2200123456789019')),
        context.call('POST', credentialsUrl(account.id), 'operator', card(UZS_CARD)),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect(await credentialsOf(account.id)).toHaveLength(1);
      expect(
        await accountEvents(context.db, ACCOUNT_EVENT_CODES.credentialAdded, account.id),
      ).toHaveLength(1);
    });

    it.each([
      [{ credentialTypeId: undefined }, 'Credential type is required'],
      [{ credentialTypeId: null }, 'Credential type is required'],
      [{ paramTypeId: undefined }, 'Parameter type is required'],
      [{ value: undefined }, 'Value is required'],
      [{ value: '   ' }, 'Value is required'],
      [{ value: 'x'.repeat(101) }, 'Value must be at most 100 characters long'],
      [{ value: 'x'.repeat(1001) }, 'body/value must NOT have more than 1000 characters'],
      [{ value: 8600495312345670 }, 'body/value must be string,null'],
      [{ credentialTypeId: '103001' }, 'body/credentialTypeId must be integer,null'],
      // An item of another list is not a requisite or parameter type.
      [{ credentialTypeId: paramTypeId('S') }, 'Unknown credential type'],
      [{ credentialTypeId: 999_999 }, 'Unknown credential type'],
      [{ paramTypeId: requisiteTypeId('CARD') }, 'Unknown parameter type'],
      [{ paramTypeId: paramTypeId('C') }, 'value is not Char'],
      [{ paramTypeId: paramTypeId('B') }, 'value is not Boolean'],
      [{ paramTypeId: paramTypeId('N') }, 'value is not Numeric'],
      [{ value: '8600 4953 1234 5671' }, 'Card number is not valid: check the digits'],
      [{ value: '8600 4953' }, 'Card number must have 13 to 19 digits'],
      [{ value: 'not a card' }, 'Card number must have 13 to 19 digits'],
      [{ owner: 'x' }, 'body/owner is not a known property'],
    ])('refuses %j and adds nothing', async (change, message) => {
      const response = await context.call('POST', credentialsUrl(blank.id), 'operator', {
        ...card(),
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: message });
      expect(await credentialsOf(blank.id)).toEqual([]);
    });

    it.each([
      ['+79123456789', 'Phone number must be +998 followed by 9 digits'],
      ['998901234567', 'Phone number must be +998 followed by 9 digits'],
      ['+99890123456', 'Phone number must be +998 followed by 9 digits'],
    ])('refuses phone %s on a UZS account', async (value, message) => {
      const response = await context.call(
        'POST',
        credentialsUrl(blank.id),
        'operator',
        phone(value),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: message });
      expect(await credentialsOf(blank.id)).toEqual([]);
    });

    it('checks the value against an integer parameter type', async () => {
      const response = await context.call('POST', credentialsUrl(blank.id), 'operator', {
        ...phone('+998901234567'),
        paramTypeId: paramTypeId('I'),
      });
      expect(response.json()).toMatchObject({ detail: 'value is not Integer' });
    });

    it('answers 404 for an unknown account and 400 for a malformed one', async () => {
      const response = await context.call('POST', credentialsUrl(999_999), 'operator', card());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Account not found' });
      expect((await context.call('POST', credentialsUrl('x'), 'operator', card())).statusCode).toBe(
        400,
      );
    });

    it('needs a session, people.account and people.account.edit', async () => {
      const [before] = await context.db.select({ count: count() }).from(peopleAccountCredentials);
      expect(
        (await context.call('POST', credentialsUrl(rub.id), undefined, card())).statusCode,
      ).toBe(401);
      for (const caller of ['viewer', 'editorOnly', 'merchant', 'support'] as const) {
        expect(
          (await context.call('POST', credentialsUrl(rub.id), caller, card())).statusCode,
        ).toBe(403);
      }
      const [after] = await context.db.select({ count: count() }).from(peopleAccountCredentials);
      expect(after?.count).toBe(before?.count);
    });
  });

  describe('PUT /api/v1/people/account/:id/credential/:credentialId', () => {
    let rubCard: { id: number };
    let credentialId: number;

    beforeAll(async () => {
      rubCard = await insertAccount(context, { method: 'TCSBRUB' });
      credentialId = (await insertCredential(context, rubCard.id, { value: '2200123456789019' }))
        .id;
      await insertCredential(context, rubCard.id, { type: 'PHONE', value: '+79001234567' });
    });

    it('changes the value and logs old → new, masked', async () => {
      const response = await context.call(
        'PUT',
        credentialUrl(rubCard.id, credentialId),
        'operator',
        { ...card('4111 1111 1111 1111'), paramTypeId: paramTypeId('I') },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        id: credentialId,
        paramType: { code: 'I' },
        value: '4111111111111111',
      });
      const rows = await credentialsOf(rubCard.id);
      expect(rows.find((row) => row.id === credentialId)).toMatchObject({
        paramTypeId: paramTypeId('I'),
        value: '4111111111111111',
      });
      const [event] = await accountEvents(
        context.db,
        ACCOUNT_EVENT_CODES.credentialChanged,
        rubCard.id,
      );
      expect(event).toMatchObject({
        personId: context.operatorId,
        description:
          `Credential #${credentialId} of account #${rubCard.id} changed: ` +
          'Card number **** 9019 → Card number **** 1111 (parameter type changed)',
      });
    });

    it('logs nothing when nothing changes', async () => {
      const response = await context.call(
        'PUT',
        credentialUrl(rubCard.id, credentialId),
        'operator',
        { ...card('4111111111111111'), paramTypeId: paramTypeId('I') },
      );
      expect(response.statusCode).toBe(200);
      expect(
        await accountEvents(context.db, ACCOUNT_EVENT_CODES.credentialChanged, rubCard.id),
      ).toHaveLength(1);
    });

    it('refuses turning it into a type the account already has (409)', async () => {
      const response = await context.call(
        'PUT',
        credentialUrl(rubCard.id, credentialId),
        'operator',
        phone('+79123456789'),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toMatch(/already has a Phone number credential/);
      const rows = await credentialsOf(rubCard.id);
      expect(rows.find((row) => row.id === credentialId)?.value).toBe('4111111111111111');
    });

    it.each([
      [{ value: '' }, 'Value is required'],
      [{ value: '4111 1111 1111 1112' }, 'Card number is not valid: check the digits'],
      [{ credentialTypeId: 999_999 }, 'Unknown credential type'],
      [{ paramTypeId: 'S' }, 'body/paramTypeId must be integer,null'],
    ])('refuses %j and keeps the credential', async (change, message) => {
      const response = await context.call(
        'PUT',
        credentialUrl(rubCard.id, credentialId),
        'operator',
        { ...card('4111111111111111'), ...change },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: message });
      const rows = await credentialsOf(rubCard.id);
      expect(rows.find((row) => row.id === credentialId)?.value).toBe('4111111111111111');
    });

    it('answers 404 for another account’s credential, an unknown one or an unknown account', async () => {
      for (const url of [
        credentialUrl(rubCard.id, otherCredential.id),
        credentialUrl(rubCard.id, 999_999),
        credentialUrl(999_999, credentialId),
      ]) {
        const response = await context.call('PUT', url, 'operator', card(UZS_CARD));
        expect(response.statusCode, url).toBe(404);
      }
      const [untouched] = await credentialsOf(other.id);
      expect(untouched?.value).toBe(OTHER_CARD);
    });

    it('needs a session, people.account and people.account.edit', async () => {
      const url = credentialUrl(rubCard.id, credentialId);
      expect((await context.call('PUT', url, undefined, card(UZS_CARD))).statusCode).toBe(401);
      for (const caller of ['viewer', 'editorOnly', 'merchant', 'support'] as const) {
        expect((await context.call('PUT', url, caller, card(UZS_CARD))).statusCode).toBe(403);
      }
      const rows = await credentialsOf(rubCard.id);
      expect(rows.find((row) => row.id === credentialId)?.value).toBe('4111111111111111');
    });
  });

  describe('DELETE /api/v1/people/account/:id/credential/:credentialId', () => {
    let account: { id: number };
    let credentialId: number;

    beforeAll(async () => {
      account = await insertAccount(context, { method: 'SBPRUB' });
      credentialId = (await insertCredential(context, account.id, { value: '2200123456789019' }))
        .id;
    });

    it('needs a session, people.account and people.account.edit', async () => {
      const url = credentialUrl(account.id, credentialId);
      expect((await context.call('DELETE', url)).statusCode).toBe(401);
      for (const caller of ['viewer', 'editorOnly', 'merchant', 'support'] as const) {
        expect((await context.call('DELETE', url, caller)).statusCode).toBe(403);
      }
      expect(await credentialsOf(account.id)).toHaveLength(1);
    });

    it('answers 404 for another account’s credential and 400 for a malformed id', async () => {
      const response = await context.call(
        'DELETE',
        credentialUrl(account.id, otherCredential.id),
        'operator',
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'Credential not found' });
      expect(await credentialsOf(other.id)).toHaveLength(1);
      expect(
        (await context.call('DELETE', credentialUrl(account.id, 'x'), 'operator')).statusCode,
      ).toBe(400);
      expect(
        (await context.call('DELETE', credentialUrl(999_999, credentialId), 'operator')).statusCode,
      ).toBe(404);
    });

    it('removes the credential, answers it as it was and logs it', async () => {
      const response = await context.call(
        'DELETE',
        credentialUrl(account.id, credentialId),
        'operator',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        id: credentialId,
        credentialType: { code: 'CARD' },
        value: '2200123456789019',
      });
      expect(await credentialsOf(account.id)).toEqual([]);
      const [event] = await accountEvents(
        context.db,
        ACCOUNT_EVENT_CODES.credentialRemoved,
        account.id,
      );
      expect(event).toMatchObject({
        personId: context.operatorId,
        description: `Credential #${credentialId} removed from account #${account.id}: Card number **** 9019`,
        sourceIp: '127.0.0.1',
      });
      const again = await context.call(
        'DELETE',
        credentialUrl(account.id, credentialId),
        'operator',
      );
      expect(again.statusCode).toBe(404);
    });
  });
});
