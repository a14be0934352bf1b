import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVOICE_STATUS_CODES } from '../status/invoice-status.ts';
import {
  type BalanceInvoice,
  balanceChange,
  balancePosition,
  hasMovedMoney,
  mustBeCovered,
} from './merchant-balance.ts';

const invoice = (overrides: Partial<BalanceInvoice>): BalanceInvoice => ({
  flowType: 'WITHDRAWAL',
  status: 'NEW',
  amount: 150_000n,
  fee: 1_500n,
  isTestProcessing: false,
  ...overrides,
});

describe('merchant balance positions', () => {
  it('credits a confirmed deposit less its fee, and nothing before', () => {
    expect(balancePosition(invoice({ flowType: 'DEPOSIT', status: 'DONE' }))).toEqual({
      available: 148_500n,
      reserved: 0n,
    });
    for (const status of ['NEW', 'IN_PROGRESS', 'PAYED', 'DECLINED', 'CANCELED'] as const) {
      expect(balancePosition(invoice({ flowType: 'DEPOSIT', status }))).toEqual({
        available: 0n,
        reserved: 0n,
      });
    }
  });

  it('reserves a queued payout with its fee, debits a paid one, frees a failed one', () => {
    expect(balancePosition(invoice({ status: 'IN_PROGRESS' }))).toEqual({
      available: -151_500n,
      reserved: 151_500n,
    });
    for (const status of ['PAYED', 'DONE'] as const) {
      expect(balancePosition(invoice({ status }))).toEqual({ available: -151_500n, reserved: 0n });
    }
    for (const status of ['NEW', 'DECLINED', 'CANCELED'] as const) {
      expect(balancePosition(invoice({ status }))).toEqual({ available: 0n, reserved: 0n });
    }
  });

  it('moves no money for test processing', () => {
    for (const status of INVOICE_STATUS_CODES) {
      for (const flowType of ['DEPOSIT', 'WITHDRAWAL'] as const) {
        expect(balancePosition(invoice({ flowType, status, isTestProcessing: true }))).toEqual({
          available: 0n,
          reserved: 0n,
        });
      }
    }
  });

  it('turns a reservation into a debit without touching available when the provider pays', () => {
    expect(balanceChange(invoice({ status: 'IN_PROGRESS' }), invoice({ status: 'PAYED' }))).toEqual(
      { available: 0n, reserved: -151_500n },
    );
  });

  it('sums changes along any path to the position of the last state', () => {
    const states = fc.record({
      status: fc.constantFrom(...INVOICE_STATUS_CODES),
      amount: fc.bigInt({ min: 1n, max: 10n ** 15n }),
      fee: fc.bigInt({ min: 0n, max: 10n ** 9n }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom('DEPOSIT' as const, 'WITHDRAWAL' as const),
        fc.boolean(),
        fc.array(states, { minLength: 1, maxLength: 8 }),
        (flowType, isTestProcessing, path) => {
          const full = path.map((state) => invoice({ ...state, flowType, isTestProcessing }));
          let sum = { available: 0n, reserved: 0n };
          let previous = invoice({ flowType, isTestProcessing, status: 'NEW' });
          for (const state of full) {
            const change = balanceChange(previous, state);
            sum = {
              available: sum.available + change.available,
              reserved: sum.reserved + change.reserved,
            };
            previous = state;
          }
          expect(sum).toEqual(balancePosition(previous));
        },
      ),
    );
  });

  it('asks for cover only when a payout takes money', () => {
    const queue = balanceChange(invoice({ status: 'NEW' }), invoice({ status: 'IN_PROGRESS' }));
    expect(mustBeCovered({ flowType: 'WITHDRAWAL' }, queue)).toBe(true);
    const pay = balanceChange(invoice({ status: 'IN_PROGRESS' }), invoice({ status: 'DONE' }));
    expect(mustBeCovered({ flowType: 'WITHDRAWAL' }, pay)).toBe(false);
    const decline = balanceChange(
      invoice({ status: 'IN_PROGRESS' }),
      invoice({ status: 'DECLINED' }),
    );
    expect(mustBeCovered({ flowType: 'WITHDRAWAL' }, decline)).toBe(false);
    const reverse = balanceChange(
      invoice({ flowType: 'DEPOSIT', status: 'DONE' }),
      invoice({ flowType: 'DEPOSIT', status: 'DECLINED' }),
    );
    expect(mustBeCovered({ flowType: 'DEPOSIT' }, reverse)).toBe(false);
  });
});

describe('money that moved (figures and reports)', () => {
  it('is a confirmed deposit or a paid payout, credit late and debit early', () => {
    const moved = (flowType: BalanceInvoice['flowType']) =>
      INVOICE_STATUS_CODES.filter((status) => hasMovedMoney({ flowType, status }));
    expect(moved('DEPOSIT')).toEqual(['DONE']);
    expect([...moved('WITHDRAWAL')].sort()).toEqual(['DONE', 'PAYED']);
  });

  it('is where a paid payout has debited the balance, and no reservation is left', () => {
    for (const status of INVOICE_STATUS_CODES) {
      const position = balancePosition(invoice({ flowType: 'WITHDRAWAL', status }));
      const paid = position.available < 0n && position.reserved === 0n;
      expect(hasMovedMoney({ flowType: 'WITHDRAWAL', status })).toBe(paid);
    }
  });
});
