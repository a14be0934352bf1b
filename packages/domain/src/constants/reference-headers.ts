/**
 * Header ids of the reference lists (SPEC §3). GET /api/v1/reference?refHeaderId=<id>
 * returns the items (id, value) of one list.
 */
export const REFERENCE_HEADER_IDS = {
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
} as const;

export type ReferenceListName = keyof typeof REFERENCE_HEADER_IDS;
export type ReferenceHeaderId = (typeof REFERENCE_HEADER_IDS)[ReferenceListName];

export const isReferenceHeaderId = (value: number): value is ReferenceHeaderId =>
  (Object.values(REFERENCE_HEADER_IDS) as number[]).includes(value);
