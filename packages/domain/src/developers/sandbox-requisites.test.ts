import { describe, expect, it } from 'vitest';
import {
  hasSandboxRequisite,
  SANDBOX_REQUISITE_VALUES,
  sandboxRequisiteValueOf,
} from './sandbox-requisites.ts';

describe('sandbox requisites', () => {
  it('gives card methods the sandbox card and every other kind its phone', () => {
    expect(sandboxRequisiteValueOf('card')).toBe(SANDBOX_REQUISITE_VALUES.CARD);
    expect(sandboxRequisiteValueOf('by_mobile')).toBe(SANDBOX_REQUISITE_VALUES.PHONE);
    expect(sandboxRequisiteValueOf('sbp')).toBe(SANDBOX_REQUISITE_VALUES.PHONE);
  });

  it('knows a test deposit given them: requisites and no account', () => {
    const given = {
      isTestProcessing: true,
      flowType: 'DEPOSIT',
      peopleAccountId: null,
      credentialValue: SANDBOX_REQUISITE_VALUES.CARD,
    };
    expect(hasSandboxRequisite(given)).toBe(true);
    expect(hasSandboxRequisite({ ...given, isTestProcessing: false })).toBe(false);
    expect(hasSandboxRequisite({ ...given, flowType: 'WITHDRAWAL' })).toBe(false);
    expect(hasSandboxRequisite({ ...given, peopleAccountId: 7 })).toBe(false);
    expect(hasSandboxRequisite({ ...given, credentialValue: null })).toBe(false);
  });
});
