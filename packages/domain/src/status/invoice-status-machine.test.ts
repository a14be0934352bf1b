import { describe, expect, it } from 'vitest';
import { INVOICE_STATUS_CODES } from './invoice-status.ts';
import {
  ENGINE_TRANSITIONS,
  FINAL_STATUSES,
  holdsAccountLimit,
  isEngineTransition,
  isFinalStatus,
  mayChangeAmount,
  mayChangeStatus,
} from './invoice-status-machine.ts';

describe('the invoice state machine', () => {
  it('lets nothing but staff and a retry leave a final status', () => {
    for (const from of FINAL_STATUSES) {
      for (const to of INVOICE_STATUS_CODES) {
        for (const actor of ['customer', 'provider', 'sandbox', 'expiry'] as const) {
          expect(mayChangeStatus(actor, from, to), `${actor} ${from} → ${to}`).toBe(false);
        }
      }
    }
    expect(mayChangeStatus('retry', 'DECLINED', 'IN_PROGRESS')).toBe(true);
    expect(mayChangeStatus('retry', 'DONE', 'IN_PROGRESS')).toBe(false);
    expect(mayChangeStatus('retry', 'CANCELED', 'IN_PROGRESS')).toBe(false);
    expect(mayChangeStatus('staff', 'DONE', 'DECLINED')).toBe(true);
  });

  it('never counts setting the current status as a change', () => {
    for (const status of INVOICE_STATUS_CODES) {
      for (const actor of [...Object.keys(ENGINE_TRANSITIONS), 'staff'] as const) {
        expect(mayChangeStatus(actor as 'staff', status, status)).toBe(false);
      }
    }
  });

  it('gives each engine actor only its own moves', () => {
    expect(mayChangeStatus('customer', 'NEW', 'IN_PROGRESS')).toBe(true);
    expect(mayChangeStatus('customer', 'IN_PROGRESS', 'DONE')).toBe(false);
    expect(mayChangeStatus('provider', 'IN_PROGRESS', 'PAYED')).toBe(true);
    expect(mayChangeStatus('provider', 'PAYED', 'DECLINED')).toBe(true);
    expect(mayChangeStatus('provider', 'NEW', 'DONE')).toBe(false);
    expect(mayChangeStatus('sandbox', 'IN_PROGRESS', 'PAYED')).toBe(false);
    expect(mayChangeStatus('expiry', 'PAYED', 'CANCELED')).toBe(false);
    expect(mayChangeStatus('expiry', 'NEW', 'CANCELED')).toBe(true);
  });

  it('knows the engine’s paths for checking histories', () => {
    expect(isEngineTransition('NEW', 'IN_PROGRESS')).toBe(true);
    expect(isEngineTransition('PAYED', 'DONE')).toBe(true);
    expect(isEngineTransition('DONE', 'NEW')).toBe(false);
  });

  it('lets failed invoices give their account limit back', () => {
    expect(INVOICE_STATUS_CODES.filter((status) => !holdsAccountLimit(status))).toEqual([
      'DECLINED',
      'CANCELED',
    ]);
    expect(INVOICE_STATUS_CODES.filter(isFinalStatus)).toEqual(['DONE', 'DECLINED', 'CANCELED']);
  });

  it('lets staff correct any amount and the customer choose one only while NEW', () => {
    for (const status of INVOICE_STATUS_CODES) {
      expect(mayChangeAmount('staff', status)).toBe(true);
      expect(mayChangeAmount('customer', status)).toBe(status === 'NEW');
      expect(mayChangeAmount('provider', status)).toBe(false);
    }
  });
});
