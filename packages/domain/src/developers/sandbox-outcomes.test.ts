import { describe, expect, it } from 'vitest';
import { sandboxOutcomeOf } from './sandbox-outcomes.ts';

describe('sandbox outcomes', () => {
  it.each([
    ['WITHDRAWAL', 'customer-1', null, 'succeed'],
    ['DEPOSIT', 'DECLINE-me', null, 'decline'],
    ['DEPOSIT', 'pending_42', null, 'pending'],
    ['WITHDRAWAL', 'timeout', '998901234567', 'timeout'],
    ['WITHDRAWAL', 'customer-1', '998901230002', 'decline'],
    ['WITHDRAWAL', 'customer-1', '998901230003', 'pending'],
    ['WITHDRAWAL', 'customer-1', '998901230004', 'timeout'],
    ['WITHDRAWAL', 'customer-1', '998901230005', 'succeed'],
    // A deposit's credential is the requisite it is paid to, not a phone.
    ['DEPOSIT', 'customer-1', '8600123412340002', 'succeed'],
    // The customer id is read first.
    ['WITHDRAWAL', 'pending-1', '998901230002', 'pending'],
  ] as const)('%s of %s with %s: %s', (flowType, customerExternalId, credentialValue, outcome) => {
    expect(sandboxOutcomeOf({ flowType, customerExternalId, credentialValue })).toBe(outcome);
  });
});
