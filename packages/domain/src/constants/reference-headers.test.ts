import { describe, expect, it } from 'vitest';
import { isReferenceHeaderId, REFERENCE_HEADER_IDS } from './reference-headers.ts';

describe('reference header ids', () => {
  it('match SPEC §3 exactly', () => {
    expect(REFERENCE_HEADER_IDS).toEqual({
      gender: 99,
      eventType: 100,
      currency: 101,
      parameterType: 102,
      requisiteType: 103,
      contactType: 104,
      terminalAttributeType: 105,
      feeType: 106,
      ticketIssueType: 107,
      notificationType: 108,
      paymentChannelType: 110,
      channelIntegrationType: 111,
      clientCohorts: 112,
      terminalPoolStatus: 113,
      terminalPoolType: 114,
      flowType: 200,
      paymentStatus: 201,
      transactionStatus: 202,
      transactionType: 203,
      ticketStatus: 204,
      sbpBankName: 205,
    });
  });

  it('are unique', () => {
    const ids = Object.values(REFERENCE_HEADER_IDS);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('recognises known ids only', () => {
    expect(isReferenceHeaderId(201)).toBe(true);
    expect(isReferenceHeaderId(109)).toBe(false);
    expect(isReferenceHeaderId(0)).toBe(false);
  });
});
