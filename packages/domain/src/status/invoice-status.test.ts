import { describe, expect, it } from 'vitest';
import {
  canChangeInvoiceStatusManually,
  canRetryInvoice,
  INVOICE_STATUS_MESSAGES,
  invoiceStatusBadgeKind,
  paymentPollOutcome,
  statusChangeConfirmationText,
  statusChangeOptions,
} from './invoice-status.ts';

describe('invoiceStatusBadgeKind', () => {
  it.each([
    ['DECLINED', 'error'],
    ['CANCELED', 'error'],
    ['DONE', 'success'],
    ['PAYED', 'success'],
    ['NEW', 'neutral'],
    ['IN_PROGRESS', 'primary'],
    ['EXPIRED', 'warning'],
    ['', 'warning'],
    ['done', 'warning'],
  ])('%s → %s', (status, kind) => {
    expect(invoiceStatusBadgeKind(status)).toBe(kind);
  });
});

describe('paymentPollOutcome', () => {
  it.each([
    ['DONE', 'success'],
    ['CANCELED', 'fail'],
    ['DECLINED', 'fail'],
    ['NEW', 'continue'],
    ['IN_PROGRESS', 'continue'],
    ['PAYED', 'continue'],
  ])('%s → %s', (status, outcome) => {
    expect(paymentPollOutcome(status)).toBe(outcome);
  });
});

describe('canRetryInvoice', () => {
  it.each([
    ['WITHDRAWAL', 'NEW', true],
    ['WITHDRAWAL', 'IN_PROGRESS', true],
    ['WITHDRAWAL', 'DECLINED', true],
    ['WITHDRAWAL', 'PAYED', true],
    ['WITHDRAWAL', 'CANCELED', false],
    ['WITHDRAWAL', 'DONE', false],
    ['DEPOSIT', 'NEW', false],
    ['DEPOSIT', 'DECLINED', false],
  ])('%s %s → %s', (flowType, statusCode, expected) => {
    expect(canRetryInvoice({ flowType, statusCode })).toBe(expected);
  });
});

describe('manual status change', () => {
  it('is offered with the permission or on test processing', () => {
    expect(canChangeInvoiceStatusManually(true, false)).toBe(true);
    expect(canChangeInvoiceStatusManually(false, true)).toBe(true);
    expect(canChangeInvoiceStatusManually(false, false)).toBe(false);
  });

  it('lists every status but the current one', () => {
    const statuses = [{ code: 'NEW' }, { code: 'DONE' }, { code: 'CANCELED' }];
    expect(statusChangeOptions(statuses, 'DONE')).toEqual([{ code: 'NEW' }, { code: 'CANCELED' }]);
  });

  it('asks for confirmation with the spec text', () => {
    expect(statusChangeConfirmationText('NEW', 'DONE')).toBe(
      'Are you sure you want to change the payment status from NEW to DONE?',
    );
  });

  it('uses the spec toast texts', () => {
    expect(INVOICE_STATUS_MESSAGES).toEqual({
      changed: 'Status changed successfully!',
      changeFailed: 'Failed to change status',
    });
  });
});
