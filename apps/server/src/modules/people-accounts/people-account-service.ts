import { validateAccountCreate } from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, notFoundError } from '../../service-errors.ts';
import { recordEvent } from '../audit/audit-entry.ts';
import type { AuthenticatedPerson } from '../auth/auth-entry.ts';
import { amountHoldsOfAccount } from '../payment-form/payment-form-entry.ts';
import { ACCOUNT_ENTITY_TYPE, ACCOUNT_EVENT_CODES } from './people-account-events.ts';
import {
  presentAccount,
  presentAccountDetails,
  presentAmountHold,
} from './people-account-presenter.ts';
import {
  type AccountFilters,
  type AccountRow,
  accountExists,
  countAccounts,
  credentialsOfAccount,
  findAccount,
  findPaymentMethodName,
  findProviderName,
  insertAccount,
  lockAccountRow,
  selectAccountPage,
  selectLimits,
  updateEnabledIfDifferent,
} from './people-account-repository.ts';
import type { CreateBody } from './people-account-schemas.ts';

/**
 * People accounts (SPEC §7 "Session and people"): list, details, enable/disable and create,
 * each change with its event-log row in one transaction. Limits and credentials have their own
 * services.
 */

export const ACCOUNT_NOT_FOUND = 'Account not found';

/** Who changes an account, and from where (for the event log). */
export interface AccountChanger {
  person: AuthenticatedPerson;
  sourceIp: string;
}

/** One account's row, or 404. */
export const requireAccount = async (db: Database, accountId: number): Promise<AccountRow> => {
  const row = await findAccount(db, accountId);
  if (!row) throw notFoundError(ACCOUNT_NOT_FOUND);
  return row;
};

/**
 * Locks an account's row until the transaction ends, so changes to one account's credentials
 * and limits run one after another and each event row records a true before → after. 404 when
 * there is no such account.
 */
export const lockAccount = async (tx: Database, accountId: number): Promise<void> => {
  if (!(await lockAccountRow(tx, accountId))) throw notFoundError(ACCOUNT_NOT_FOUND);
};

/** One page of the accounts, ordered by id, with the total that pass the filters. */
export const listAccounts = async (
  db: Database,
  { page, size, ...filters }: AccountFilters & { page: number; size: number },
) => {
  const rows = await selectAccountPage(db, filters, { limit: size, offset: page * size });
  const total = await countAccounts(db, filters);
  return { items: rows.map(presentAccount), page, size, total };
};

/** SPEC §3 people account with its credentials and limits (null until set); 404 without one. */
export const accountDetails = async (db: Database, accountId: number) => {
  const account = await requireAccount(db, accountId);
  const credentials = await credentialsOfAccount(db, accountId);
  const limits = await selectLimits(db, accountId);
  return presentAccountDetails(account, credentials, limits);
};

/** The amounts the account holds from other payments (decision 0008), for its details page. */
export const accountAmountHolds = async (db: Database, accountId: number) => {
  await requireAccount(db, accountId);
  return (await amountHoldsOfAccount(db, accountId)).map(presentAmountHold);
};

/** Enables or disables an account; the same value again changes and logs nothing. */
export const setAccountEnabled = async (
  db: Database,
  { person, sourceIp }: AccountChanger,
  accountId: number,
  enabled: boolean,
): Promise<void> => {
  await db.transaction(async (tx) => {
    // One conditional update: of two identical toggles racing, one changes and logs.
    if (!(await updateEnabledIfDifferent(tx, accountId, enabled))) {
      if (!(await accountExists(tx, accountId))) throw notFoundError(ACCOUNT_NOT_FOUND);
      return; // Already so: nothing changed, nothing to log.
    }
    await recordEvent(tx, {
      eventCode: enabled ? ACCOUNT_EVENT_CODES.accountEnabled : ACCOUNT_EVENT_CODES.accountDisabled,
      description: `Account #${accountId} ${enabled ? 'enabled' : 'disabled'}`,
      personId: person.id,
      entityType: ACCOUNT_ENTITY_TYPE,
      entityId: accountId,
      sourceIp,
    });
  });
};

/**
 * Creates an account after the SPEC §5 rule (provider, payment method and bank name required)
 * and with a known provider and payment method; answers its id.
 */
export const createAccount = async (
  db: Database,
  { person, sourceIp }: AccountChanger,
  body: CreateBody,
): Promise<number> => {
  const checked = validateAccountCreate(body);
  if (!checked.ok) throw invalid(checked.errors[0]?.message ?? 'Invalid account');
  const input = checked.value;
  const providerName = await findProviderName(db, input.providerId);
  if (providerName === undefined) throw invalid('Unknown provider');
  const methodName = await findPaymentMethodName(db, input.paymentMethodId);
  if (methodName === undefined) throw invalid('Unknown payment method');

  const { enabled } = body;
  return db.transaction(async (tx) => {
    const accountId = await insertAccount(tx, { ...input, enabled });
    await recordEvent(tx, {
      eventCode: ACCOUNT_EVENT_CODES.accountCreated,
      description:
        `Account #${accountId} created: ${providerName}, ${methodName}, ` +
        `${input.bankName}, ${enabled ? 'enabled' : 'disabled'}`,
      personId: person.id,
      entityType: ACCOUNT_ENTITY_TYPE,
      entityId: accountId,
      sourceIp,
    });
    return accountId;
  });
};
