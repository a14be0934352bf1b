import { describe, expect, it } from 'vitest';
import {
  canChangeInvoiceStatusManually,
  canRetryInvoice,
  INVOICE_STATUS_CODES,
  INVOICE_STATUS_MESSAGES,
  invoiceStatusBadgeKind,
  isInvoiceStatusCode,
  paymentPollOutcome,
  statusChangeConfirmationText,
  statusChangeOptions,
} from './invoice-status.ts';

describe('invoice status codes', () => {
  it('are the six codes of SPEC §4', () => {
    expect(INVOICE_STATUS_CODES).toEqual([
      'NEW',
      'IN_PROGRESS',
      'DONE',
      'PAYED',
      'DECLINED',
      'CANCELED',
    ]);
    expect(isInvoiceStatusCode('PAYED')).toBe(true);
    expect(isInvoiceStatusCode('PAID')).toBe(false);
    expect(isInvoiceStatusCode('done')).toBe(false);
  });
});

describe('invoiceStatusBadgeKind', () => {
  it.each([
    ['DECLINED', 'error'],
    ['CANCELED', 'error'],
    ['DONE', 'success'],
    ['PAYED', 'success'],
    ['NEW', 'neutral'],
    ['IN_PROGRESS', 'primary'],
    ['EXPIRED', 'warning'],
    ['CANCELLED', 'warning'],
    ['', 'warning'],
    ['done', 'warning'],
    ['toString', 'warning'],
    ['__proto__', 'warning'],
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
    ['UNKNOWN', 'continue'],
    ['', 'continue'],
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
    ['WITHDRAWAL', 'SOMETHING_NEW', true],
    ['WITHDRAWAL', 'CANCELED', false],
    ['WITHDRAWAL', 'DONE', false],
    ['DEPOSIT', 'NEW', false],
    ['DEPOSIT', 'DECLINED', false],
    ['DEPOSIT', 'IN_PROGRESS', false],
    ['withdrawal', 'NEW', false],
  ])('%s %s → %s', (flowType, statusCode, expected) => {
    expect(canRetryInvoice({ flowType, statusCode })).toBe(expected);
  });
});

describe('manual status change', () => {
  it.each([
    [true, false, true],
    [false, true, true],
    [true, true, true],
    [false, false, false],
  ])(
    'permission %s, test processing %s → %s',
    (hasStatusChangePermission, isTestProcessing, ok) => {
      expect(canChangeInvoiceStatusManually({ hasStatusChangePermission, isTestProcessing })).toBe(
        ok,
      );
    },
  );

  it('lists every status but the current one, in list order', () => {
    const statuses = [{ code: 'NEW' }, { code: 'DONE' }, { code: 'CANCELED' }];
    expect(statusChangeOptions(statuses, 'DONE')).toEqual([{ code: 'NEW' }, { code: 'CANCELED' }]);
    expect(statusChangeOptions(statuses, 'PAYED')).toEqual(statuses);
    expect(statusChangeOptions([], 'NEW')).toEqual([]);
  });

  it('asks for confirmation with the spec text', () => {
    expect(statusChangeConfirmationText('NEW', 'DONE')).toBe(
      'Are you sure you want to change the payment status from NEW to DONE?',
    );
    expect(statusChangeConfirmationText('In progress', 'Canceled')).toBe(
      'Are you sure you want to change the payment status from In progress to Canceled?',
    );
  });

  it('uses the spec toast texts word for word', () => {
    expect(INVOICE_STATUS_MESSAGES).toEqual({
      changed: 'Status changed successfully!',
      changeFailed: 'Failed to change status',
    });
  });
});
