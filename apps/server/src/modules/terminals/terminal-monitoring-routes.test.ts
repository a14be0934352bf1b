import { MONITORING_PERIODS } from '@paygate/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../db/testing/test-databases.ts';
import { createTestInvoice, createTestTerminal } from '../../testing/test-data.ts';
import { MAX_STATISTIC_MINUTES, percentOf } from './terminal-monitoring-service.ts';
import { createTerminalFixture, type TerminalFixture } from './terminal-test-fixture.ts';

describe('percentOf', () => {
  it('rounds to two decimals and gives 0 of nothing', () => {
    expect(percentOf(3, 7)).toBe(42.86);
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(2, 3)).toBe(66.67);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(7, 7)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('stays between 0 and 100 with at most two decimals', () => {
    for (let total = 1; total <= 120; total += 1) {
      for (let count = 0; count <= total; count += 1) {
        const percent = percentOf(count, total);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
        expect(Math.abs(percent * 100 - Math.round(percent * 100))).toBeLessThan(1e-6);
      }
    }
  });
});

describe.each(TEST_DATABASE_KINDS)('monitoring on %s', (kind) => {
  let fixture: TerminalFixture;
  let busy: { id: number };
  let quiet: { id: number };
  let theirs: { id: number };

  beforeAll(async () => {
    fixture = await createTerminalFixture(kind);
    const { db, own, other } = fixture;
    const busyTerminal = await createTestTerminal(db, own.id, { name: 'Busy' });
    quiet = await createTestTerminal(db, own.id, { name: 'Quiet', isTest: false });
    const theirTerminal = await createTestTerminal(db, other.id, { name: 'Theirs' });
    busy = busyTerminal;
    theirs = theirTerminal;
    for (const status of [
      'DONE',
      'DONE',
      'PAYED',
      'NEW',
      'IN_PROGRESS',
      'CANCELED',
      'DECLINED',
    ] as const) {
      await createTestInvoice(db, busyTerminal, { status });
    }
    // Two hours old: outside a 1 h window, inside a 3 h one.
    await createTestInvoice(db, busyTerminal, {
      status: 'DECLINED',
      createdAt: new Date(Date.now() - 2 * 60 * 60_000),
    });
    await createTestInvoice(db, theirTerminal, { status: 'DONE' });
  });
  afterAll(async () => fixture?.close());

  type Row = { terminalId: number } & Record<string, unknown>;
  const rowsOf = (response: { json: () => { data: Row[] } }) => response.json().data;

  describe('GET /api/data/v1/terminal', () => {
    it('counts the last hour’s invoices of every terminal of the chosen merchant', async () => {
      const response = await fixture.call(
        'GET',
        `/api/data/v1/terminal?minutes=60&merchantId=${fixture.own.id}`,
        'operator',
      );
      expect(response.statusCode).toBe(200);
      expect(rowsOf(response)).toEqual([
        {
          terminalId: busy.id,
          terminalName: 'Busy',
          merchantId: fixture.own.id,
          isTest: true,
          enable: true,
          totalCount: 7,
          newCount: 2,
          successCount: 3,
          successPercent: 42.86,
          cancelCount: 1,
          cancelPercent: 14.29,
          declinedCount: 1,
          declinedPercent: 14.29,
        },
        {
          terminalId: quiet.id,
          terminalName: 'Quiet',
          merchantId: fixture.own.id,
          isTest: false,
          enable: true,
          totalCount: 0,
          newCount: 0,
          successCount: 0,
          successPercent: 0,
          cancelCount: 0,
          cancelPercent: 0,
          declinedCount: 0,
          declinedPercent: 0,
        },
      ]);
    });

    it('widens with the window and counts nothing for 0 minutes', async () => {
      const threeHours = await fixture.call(
        'GET',
        `/api/data/v1/terminal?minutes=180&merchantId=${fixture.own.id}`,
        'operator',
      );
      expect(rowsOf(threeHours)[0]).toMatchObject({
        terminalId: busy.id,
        totalCount: 8,
        declinedCount: 2,
        declinedPercent: 25,
        successPercent: 37.5,
      });
      const none = await fixture.call(
        'GET',
        `/api/data/v1/terminal?minutes=0&merchantId=${fixture.own.id}`,
        'operator',
      );
      expect(rowsOf(none).map((row) => row.totalCount)).toEqual([0, 0]);
    });

    it('covers every merchant for merchant.rw.all holders without a choice', async () => {
      const response = await fixture.call('GET', '/api/data/v1/terminal?minutes=60', 'operator');
      expect(rowsOf(response).map((row) => row.terminalId)).toEqual([busy.id, quiet.id, theirs.id]);
      expect(rowsOf(response)[2]).toMatchObject({ successCount: 1, successPercent: 100 });
    });

    it('confines a merchant user to their own terminals', async () => {
      const own = await fixture.call('GET', '/api/data/v1/terminal?minutes=60', 'merchantMonitor');
      expect(rowsOf(own).map((row) => row.terminalId)).toEqual([busy.id, quiet.id]);
      const other = await fixture.call(
        'GET',
        `/api/data/v1/terminal?minutes=60&merchantId=${fixture.other.id}`,
        'merchantMonitor',
      );
      expect(other.statusCode).toBe(404);
    });

    it.each([
      '',
      'minutes=',
      'minutes=abc',
      'minutes=-1',
      'minutes=1.5',
      `minutes=${MAX_STATISTIC_MINUTES + 1}`,
      'minutes=60&merchantId=abc',
      'minutes=60&merchantId=0',
    ])('refuses "%s" with 400', async (query) => {
      const response = await fixture.call('GET', `/api/data/v1/terminal?${query}`, 'operator');
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toEqual(expect.any(String));
    });

    it('accepts the longest window', async () => {
      const response = await fixture.call(
        'GET',
        `/api/data/v1/terminal?minutes=${MAX_STATISTIC_MINUTES}`,
        'operator',
      );
      expect(response.statusCode).toBe(200);
    });

    it('needs data.terminal.statistic and a session', async () => {
      expect(
        (await fixture.call('GET', '/api/data/v1/terminal?minutes=60', 'merchant')).statusCode,
      ).toBe(403);
      expect(
        (await fixture.call('GET', '/api/data/v1/terminal?minutes=60', 'support')).statusCode,
      ).toBe(403);
      expect((await fixture.call('GET', '/api/data/v1/terminal?minutes=60')).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/terminal/statistic', () => {
    it('gives the monitoring settings of SPEC §9', async () => {
      const response = await fixture.call('GET', '/api/v1/terminal/statistic', 'operator');
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        refreshIntervalSeconds: 60,
        fallbackRefreshIntervalSeconds: 20,
        periods: MONITORING_PERIODS.map(({ id, label, minutes }) => ({ id, label, minutes })),
        defaultPeriod: 'oneHour',
        maxMinutes: MAX_STATISTIC_MINUTES,
        successPercentThresholds: { good: 80, warning: 50 },
      });
    });

    it('needs terminal.statistic.settings and a session', async () => {
      expect(
        (await fixture.call('GET', '/api/v1/terminal/statistic', 'merchantMonitor')).statusCode,
      ).toBe(403);
      expect((await fixture.call('GET', '/api/v1/terminal/statistic', 'support')).statusCode).toBe(
        403,
      );
      expect((await fixture.call('GET', '/api/v1/terminal/statistic')).statusCode).toBe(401);
    });
  });
});
