import { INVOICE_STATUS_CODES } from '@paygate/domain';
import { describe, expect, it } from 'vitest';
import {
  AUTOMATIC_TRANSITIONS,
  holdsAccountLimit,
  isAutomaticTransition,
  isFinalStatus,
} from './invoice-status-rules.ts';

describe('invoice state machine', () => {
  it('has no automatic way out of a final status', () => {
    for (const status of INVOICE_STATUS_CODES.filter(isFinalStatus)) {
      expect(AUTOMATIC_TRANSITIONS[status], status).toEqual([]);
    }
    expect(INVOICE_STATUS_CODES.filter(isFinalStatus)).toEqual(['DONE', 'DECLINED', 'CANCELED']);
  });

  it('reaches a final status from every other status', () => {
    const reachesFinal = (
      status: (typeof INVOICE_STATUS_CODES)[number],
      seen = new Set<string>(),
    ): boolean =>
      isFinalStatus(status) ||
      (!seen.has(status) &&
        AUTOMATIC_TRANSITIONS[status].some((next) =>
          reachesFinal(next, new Set([...seen, status])),
        ));
    for (const status of INVOICE_STATUS_CODES) expect(reachesFinal(status), status).toBe(true);
  });

  it('never goes back to NEW and confirms PAYED only forward', () => {
    for (const status of INVOICE_STATUS_CODES)
      expect(isAutomaticTransition(status, 'NEW')).toBe(false);
    expect(isAutomaticTransition('PAYED', 'DONE')).toBe(true);
    expect(isAutomaticTransition('PAYED', 'IN_PROGRESS')).toBe(false);
    expect(isAutomaticTransition('NEW', 'DONE')).toBe(false);
  });

  it('keeps an account limit taken unless the invoice failed', () => {
    expect(INVOICE_STATUS_CODES.filter(holdsAccountLimit)).toEqual([
      'NEW',
      'IN_PROGRESS',
      'DONE',
      'PAYED',
    ]);
  });
});
