import { minorUnitsJson } from '../../http/money-json.ts';
import type { AccountRow, CredentialRow, LimitsRow } from './people-account-repository.ts';

/** The JSON of people accounts, credentials and limits (schemas: people-account-schemas.ts). */

export const presentAccount = (row: AccountRow) => ({
  id: row.id,
  providerId: row.providerId,
  providerName: row.providerName,
  bankName: row.bankName,
  ownerName: row.ownerName,
  countryCode: row.countryCode,
  paymentMethodId: row.paymentMethodId,
  paymentMethodName: row.paymentMethodName,
  // char(3) pads with spaces in some drivers.
  currency: { code: row.currencyCode.trim(), dimension: row.currencyDimension },
  enabled: row.enabled,
  createdDate: row.createdAt.toISOString(),
});

export const presentCredential = (row: CredentialRow) => ({
  id: row.id,
  credentialType: {
    id: row.credentialTypeId,
    code: row.credentialTypeCode,
    value: row.credentialTypeValue,
  },
  paramType: { id: row.paramTypeId, code: row.paramTypeCode, value: row.paramTypeValue },
  value: row.value,
});

/** An amount the account holds from other payments (decision 0008). */
export const presentAmountHold = (hold: {
  invoiceId: string;
  amount: bigint;
  status: string;
  statusDate: Date;
  heldUntil: Date | null;
}) => ({
  invoiceId: hold.invoiceId,
  amount: minorUnitsJson(hold.amount),
  status: hold.status,
  statusDate: hold.statusDate.toISOString(),
  heldUntil: hold.heldUntil?.toISOString() ?? null,
});

export const presentLimits = (row: LimitsRow) => ({
  peopleAccountId: row.peopleAccountId,
  limit: minorUnitsJson(row.limit),
  balance: minorUnitsJson(row.balance),
  priority: row.priority,
  checkUniqueAmount: row.checkUniqueAmount,
});

/** SPEC §3 people account with its credentials and limits (null until set). */
export const presentAccountDetails = (
  account: AccountRow,
  credentials: CredentialRow[],
  limits: LimitsRow | null,
) => ({
  ...presentAccount(account),
  credentials: credentials.map(presentCredential),
  limits: limits ? presentLimits(limits) : null,
});
