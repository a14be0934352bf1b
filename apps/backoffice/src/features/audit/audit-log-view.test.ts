import { describe, expect, it } from 'vitest';
import { changedListParams } from '../layout/list-view.ts';
import {
  auditFiltersOf,
  auditQueryOf,
  hasAuditFilters,
  isReversedRange,
  readAuditLogView,
  startOfNextUtcDay,
  startOfUtcDay,
} from './audit-log-view.ts';

const viewOf = (search: string) => readAuditLogView(new URLSearchParams(search));

describe('audit log view in the URL', () => {
  it('defaults to the first page of 10 without filters', () => {
    expect(viewOf('')).toEqual({ page: 1, size: 10, actor: '', kind: '', from: '', to: '' });
    expect(hasAuditFilters(viewOf(''))).toBe(false);
  });

  it('reads page, size and filters', () => {
    expect(
      viewOf('page=4&size=40&actor=%20ops%20&kind=ROLE_CHANGED&from=2026-01-31&to=2026-02-01'),
    ).toEqual({
      page: 4,
      size: 40,
      actor: 'ops',
      kind: 'ROLE_CHANGED',
      from: '2026-01-31',
      to: '2026-02-01',
    });
  });

  it('drops values the server would refuse', () => {
    expect(viewOf('page=0&size=500&kind=role_changed&from=2026-02-29&to=01/03/2026')).toEqual({
      page: 1,
      size: 10,
      actor: '',
      kind: '',
      from: '',
      to: '',
    });
    expect(viewOf('page=1.5').page).toBe(1);
    expect(viewOf(`actor=${'x'.repeat(101)}`).actor).toHaveLength(100);
  });

  it('sets and removes values, keeping the others', () => {
    const next = changedListParams(new URLSearchParams('page=3&actor=ops&size=25'), {
      actor: null,
      kind: 'LOGOUT',
      page: '',
    });
    expect(next.toString()).toBe('size=25&kind=LOGOUT');
  });
});

describe('audit log dates', () => {
  it('turns an inclusive UTC day range into the server’s [from, to) instants', () => {
    expect(startOfUtcDay('2026-03-05')).toBe('2026-03-05T00:00:00.000Z');
    expect(startOfNextUtcDay('2026-03-05')).toBe('2026-03-06T00:00:00.000Z');
    // Month, year and leap-day ends.
    expect(startOfNextUtcDay('2026-01-31')).toBe('2026-02-01T00:00:00.000Z');
    expect(startOfNextUtcDay('2025-12-31')).toBe('2026-01-01T00:00:00.000Z');
    expect(startOfNextUtcDay('2028-02-28')).toBe('2028-02-29T00:00:00.000Z');
    expect(startOfUtcDay('')).toBeUndefined();
    expect(startOfNextUtcDay('2026-13-01')).toBeUndefined();
  });

  it('knows a reversed range', () => {
    expect(isReversedRange({ from: '2026-03-02', to: '2026-03-01' })).toBe(true);
    expect(isReversedRange({ from: '2026-03-01', to: '2026-03-01' })).toBe(false);
    expect(isReversedRange({ from: '2026-03-02', to: '' })).toBe(false);
  });
});

describe('audit log query', () => {
  it('sends the filters in force only, the page 0-based', () => {
    expect(auditQueryOf(viewOf('page=2'))).toEqual({ page: 1, size: 10 });
    expect(
      auditQueryOf(viewOf('actor=adm&kind=LOGIN_FAILED&from=2026-03-01&to=2026-03-01')),
    ).toEqual({
      page: 0,
      size: 10,
      actor: 'adm',
      eventCode: 'LOGIN_FAILED',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-02T00:00:00.000Z',
    });
  });

  it('gives the CSV the same filters without paging', () => {
    expect(auditFiltersOf(viewOf('page=3&size=40&to=2026-03-01'))).toEqual({
      to: '2026-03-02T00:00:00.000Z',
    });
  });
});
