/**
 * The database schema: every entity of SPEC §3. Money is bigint minor units; times are
 * timestamptz (UTC). Indexes serve the invoice list filters (merchant, terminal, status,
 * dates, amount) and the background job queues.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sealedText } from './secrets-at-rest.ts';

const money = (name: string) => bigint(name, { mode: 'bigint' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const bigId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

// Reference lists (SPEC §3 "Reference lists by header id").

export const referenceHeaders = pgTable('reference_headers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const referenceItems = pgTable(
  'reference_items',
  {
    id: integer('id').primaryKey(),
    headerId: integer('header_id')
      .notNull()
      .references(() => referenceHeaders.id),
    value: text('value').notNull(),
    /** Machine code where the item has one (status codes, attribute codes, bank codes). */
    code: text('code'),
    /** Terminal attribute types only: I Integer, S String, C Char, B Boolean, N Numeric. */
    paramType: char('param_type', { length: 1 }),
    /** SBP banks only: the integer bank code sent with a fast-payment withdrawal. */
    codeInteger: bigint('code_integer', { mode: 'number' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    index('reference_items_header_idx').on(table.headerId, table.sortOrder),
    uniqueIndex('reference_items_header_code_uq').on(table.headerId, table.code),
    check('reference_items_param_type_ck', sql`${table.paramType} IN ('I','S','C','B','N')`),
  ],
);

export const currencies = pgTable(
  'currencies',
  {
    id: integer('id').primaryKey(),
    code: char('code', { length: 3 }).notNull(),
    name: text('name').notNull(),
    dimension: smallint('dimension').notNull(),
    minValue: money('min_value').notNull(),
    maxValue: money('max_value').notNull(),
  },
  (table) => [
    uniqueIndex('currencies_code_uq').on(table.code),
    check('currencies_dimension_ck', sql`${table.dimension} BETWEEN 0 AND 18`),
    check(
      'currencies_limits_ck',
      sql`${table.minValue} >= 0 AND ${table.minValue} <= ${table.maxValue}`,
    ),
  ],
);

// Merchants, people, sessions.

export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    name: text('name').notNull(),
    /** The public key of the merchant's first API key, shown in merchant settings (SPEC §5). */
    clientPublicKey: text('client_public_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('merchants_client_public_key_uq').on(table.clientPublicKey)],
);

/**
 * Roles: the built-in four (kept equal to packages/domain at every start, read-only) and custom
 * roles composed from the permission table (issue 22, decision 0019). Permissions are read from
 * here on every request, so a change applies at the holder's next request.
 */
export const roles = pgTable(
  'roles',
  {
    name: text('name').primaryKey(),
    permissions: text('permissions').array().notNull(),
    /** The API's id of a role (/api/v1/roles/{id}); a custom role's name may change. */
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    builtIn: boolean('built_in').notNull().default(false),
    description: text('description').notNull().default(''),
    /** Holders must sign in with a second factor; those without one enrol at sign-in. */
    requiresTwoFactor: boolean('requires_two_factor').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('roles_id_uq').on(table.id),
    uniqueIndex('roles_name_ci_uq').on(sql`lower(${table.name})`),
  ],
);

export const people = pgTable(
  'people',
  {
    id: id(),
    username: text('username').notNull(),
    /** Null until the person sets one through their one-time link (a new user). */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Permissions granted beyond the roles' (person_roles); tests and fixtures use them. */
    extraPermissions: text('extra_permissions').array().notNull().default(sql`'{}'::text[]`),
    /** Null for platform staff; merchant users see only this merchant. */
    merchantId: integer('merchant_id').references(() => merchants.id),
    testDashboard: boolean('test_dashboard').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The TOTP secret (RFC 6238), encrypted (auth/two-factor-secrets.ts); null: no second factor. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** A secret being enrolled, until a code from it confirms it (encrypted). */
    totpPendingSecret: text('totp_pending_secret'),
    /** Wrong codes of the second factor since its last right one (decision 0019: locked at 20). */
    secondFactorFailures: integer('second_factor_failures').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('people_username_uq').on(sql`lower(${table.username})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by logout (or a password change): the token stops working at once. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why it ended: 'sign-out', 'ended', 'password', 'deactivated', 'idle', 'two-factor-required', 'second-factor', 'new-sign-in' (decision 0019). */
    endReason: text('end_reason'),
    sourceIp: text('source_ip'),
    userAgent: text('user_agent'),
    /** The last request of the session (written at most once a minute): the idle limit. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the person last proved who they are in this session: the sign-in, or a later
     * confirmation with their password (and code). Administrators' security actions ask for a
     * recent one (decision 0019, "Recent authentication").
     */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_person_idx').on(table.personId)],
);

/** The roles of each person: their permissions are the union of the roles' (and extras). */
export const personRoles = pgTable(
  'person_roles',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    roleName: text('role_name')
      .notNull()
      .references(() => roles.name, { onUpdate: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.personId, table.roleName] }),
    index('person_roles_role_idx').on(table.roleName),
  ],
);

/** Single-use recovery codes of a person's second factor: only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigId(),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('recovery_codes_person_code_uq').on(table.personId, table.codeHash)],
);

/**
 * One-time set-password links (a new user, an administrator's reset): only the SHA-256 of the
 * token is kept; valid 24 hours and once.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigId(),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => people.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('password_reset_tokens_hash_uq').on(table.tokenHash),
    index('password_reset_tokens_person_idx').on(table.personId),
  ],
);

// Terminals, pools, providers, payment methods.

export const terminalPools = pgTable('terminal_pools', {
  id: id(),
  name: text('name').notNull(),
  statusId: integer('status_id').references(() => referenceItems.id),
  typeId: integer('type_id').references(() => referenceItems.id),
  createdAt: createdAt(),
});

export const terminals = pgTable(
  'terminals',
  {
    id: id(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    flowType: text('flow_type', { enum: ['DEPOSIT', 'WITHDRAWAL'] }).notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    terminalPoolId: integer('terminal_pool_id').references(() => terminalPools.id),
    isTest: boolean('is_test').notNull().default(true),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    index('terminals_merchant_idx').on(table.merchantId),
    check('terminals_flow_type_ck', sql`${table.flowType} IN ('DEPOSIT','WITHDRAWAL')`),
  ],
);

export const terminalAttributes = pgTable(
  'terminal_attributes',
  {
    id: id(),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id, { onDelete: 'cascade' }),
    /** A reference item of header 105 (terminal attribute type), which carries the param type. */
    attributeTypeId: integer('attribute_type_id')
      .notNull()
      .references(() => referenceItems.id),
    value: text('value').notNull(),
  },
  (table) => [
    uniqueIndex('terminal_attributes_terminal_type_uq').on(table.terminalId, table.attributeTypeId),
  ],
);

export const providers = pgTable(
  'providers',
  {
    id: id(),
    name: text('name').notNull(),
    code: text('code').notNull(),
  },
  (table) => [uniqueIndex('providers_code_uq').on(table.code)],
);

/**
 * The key a provider signs its confirmations with (HMAC-SHA256). Kept apart from the provider
 * row so listing providers can never leak it.
 */
export const providerCredentials = pgTable('provider_credentials', {
  providerId: integer('provider_id')
    .primaryKey()
    .references(() => providers.id, { onDelete: 'cascade' }),
  signingSecret: sealedText('signing_secret').notNull(),
  createdAt: createdAt(),
});

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    /** card: requisites are a card number; by_mobile: a phone number; sbp: fast-payment system. */
    requisiteKind: text('requisite_kind', { enum: ['card', 'by_mobile', 'sbp'] }).notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [
    uniqueIndex('payment_methods_code_uq').on(table.code),
    check(
      'payment_methods_limits_ck',
      sql`${table.minAmount} >= 0 AND ${table.minAmount} <= ${table.maxAmount}`,
    ),
  ],
);

// People accounts: the provider-side accounts whose requisites customers pay to.

export const peopleAccounts = pgTable(
  'people_accounts',
  {
    id: id(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    bankName: text('bank_name').notNull(),
    ownerName: text('owner_name').notNull().default(''),
    countryCode: text('country_code'),
    enabled: boolean('enabled').notNull().default(true),
    /** When requisites of this account were last handed out: ties go to the least recent. */
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('people_accounts_method_idx').on(table.paymentMethodId, table.enabled)],
);

export const peopleAccountCredentials = pgTable(
  'people_account_credentials',
  {
    id: id(),
    peopleAccountId: integer('people_account_id')
      .notNull()
      .references(() => peopleAccounts.id, { onDelete: 'cascade' }),
    /** A reference item of header 103 (requisite type), e.g. card number or phone. */
    credentialTypeId: integer('credential_type_id')
      .notNull()
      .references(() => referenceItems.id),
    /** A reference item of header 102 (parameter type). */
    paramTypeId: integer('param_type_id')
      .notNull()
      .references(() => referenceItems.id),
    value: text('value').notNull(),
  },
  (table) => [index('people_account_credentials_account_idx').on(table.peopleAccountId)],
);

export const peopleAccountLimits = pgTable(
  'people_account_limits',
  {
    peopleAccountId: integer('people_account_id')
      .primaryKey()
      .references(() => peopleAccounts.id, { onDelete: 'cascade' }),
    /** Total the account may take, in minor units. */
    limit: money('limit').notNull(),
    /** Amount already taken by assigned invoices, in minor units. */
    balance: money('balance').notNull().default(sql`0`),
    priority: integer('priority').notNull().default(0),
    checkUniqueAmount: boolean('check_unique_amount').notNull().default(false),
  },
  (table) => [
    check('people_account_limits_priority_ck', sql`${table.priority} >= 0`),
    check('people_account_limits_limit_ck', sql`${table.limit} >= 0`),
  ],
);

// Invoices and their history.

export const INVOICE_STATUSES = [
  'NEW',
  'IN_PROGRESS',
  'DONE',
  'PAYED',
  'DECLINED',
  'CANCELED',
] as const;

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id),
    merchantInvoiceId: text('merchant_invoice_id').notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    flowType: text('flow_type', { enum: ['DEPOSIT', 'WITHDRAWAL'] }).notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('NEW'),
    statusDate: timestamp('status_date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull().default(sql`0`),
    /**
     * The terminal's FEE_PERCENT the fee was worked out with, kept from when the invoice's money
     * first counted: a corrected amount is charged the same percent. Null while no fee is fixed
     * (and on invoices whose fee was fixed before it was kept).
     */
    feePercent: text('fee_percent'),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id),
    peopleAccountId: integer('people_account_id').references(() => peopleAccounts.id),
    /** The requisite shown to or entered by the customer (card number or phone). */
    credentialValue: text('credential_value'),
    bankCodeInteger: bigint('bank_code_integer', { mode: 'number' }),
    customerExternalId: text('customer_external_id').notNull(),
    customerFirstName: text('customer_first_name').notNull().default(''),
    customerLastName: text('customer_last_name').notNull().default(''),
    isTestProcessing: boolean('is_test_processing').notNull().default(false),
    /** Public id of the hosted form: at least 128 random bits, never the invoice id. */
    formId: text('form_id').notNull(),
    canChangeAmount: boolean('can_change_amount').notNull().default(false),
    /**
     * A withdrawal's most the customer may ask for on the form: the merchant's explicit maximum
     * when the amount can change, else the created amount. Null for deposits (decision 0017).
     */
    maxAmount: money('max_amount'),
    /** When the customer said "I have paid" (deposits): later loads of the form resume there. */
    customerMarkedPaidAt: timestamp('customer_marked_paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    successUrl: text('success_url'),
    cancelUrl: text('cancel_url'),
    errorUrl: text('error_url'),
    callbackUrl: text('callback_url'),
  },
  (table) => [
    uniqueIndex('invoices_form_id_uq').on(table.formId),
    uniqueIndex('invoices_merchant_invoice_uq').on(table.merchantId, table.merchantInvoiceId),
    // Every list index ends in (created_at DESC, id DESC), the list's whole order: a first page
    // is then the first rows of one index range, with no sort of all the matches (issue 10).
    // NULLS FIRST is what ORDER BY ... DESC means; an index with NULLS LAST does not serve it.
    index('invoices_merchant_created_idx').on(
      table.merchantId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('invoices_merchant_status_created_idx').on(
      table.merchantId,
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('invoices_terminal_created_idx').on(
      table.terminalId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('invoices_merchant_status_date_idx').on(table.merchantId, table.statusDate.desc()),
    index('invoices_merchant_amount_idx').on(table.merchantId, table.amount),
    index('invoices_customer_idx').on(table.customerExternalId),
    index('invoices_provider_invoice_idx').on(table.providerInvoiceId),
    // Lists across every merchant (staff with merchant.rw.all) and the CSV's keyset order: the
    // first page reads the newest rows straight off an index instead of sorting (issue 10).
    // status_date rides along: a last-status-date filter is checked in the index while walking it.
    index('invoices_created_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.statusDate,
    ),
    index('invoices_status_created_idx').on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('invoices_flow_type_created_idx').on(
      table.flowType,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('invoices_status_date_idx').on(table.statusDate.desc()),
    // The amount filter compares per currency (its dimension), so currency leads.
    index('invoices_currency_amount_idx').on(table.currencyId, table.amount),
    // Search by merchant invoice id across merchants (the unique index leads with merchant_id).
    index('invoices_merchant_invoice_idx').on(table.merchantInvoiceId),
    index('invoices_open_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} IN ('NEW','IN_PROGRESS')`),
    // The payments holding an account's amount (decision 0008): those waiting for their money,
    // and those that failed, recently (by status_date). Only deposits given an account count.
    index('invoices_account_open_idx')
      .on(table.peopleAccountId, table.amount)
      .where(
        sql`${table.status} IN ('NEW','IN_PROGRESS','PAYED') AND ${table.peopleAccountId} IS NOT NULL`,
      ),
    index('invoices_account_failed_idx')
      .on(table.peopleAccountId, table.amount, table.statusDate)
      .where(
        sql`${table.status} IN ('DECLINED','CANCELED') AND ${table.peopleAccountId} IS NOT NULL`,
      ),
    check('invoices_amount_ck', sql`${table.amount} > 0 AND ${table.fee} >= 0`),
    check('invoices_flow_type_ck', sql`${table.flowType} IN ('DEPOSIT','WITHDRAWAL')`),
    check(
      'invoices_status_ck',
      sql`${table.status} IN ('NEW','IN_PROGRESS','DONE','PAYED','DECLINED','CANCELED')`,
    ),
  ],
);

export const invoiceStatusHistory = pgTable(
  'invoice_status_history',
  {
    id: bigId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    status: text('status').notNull(),
    statusDate: timestamp('status_date', { withTimezone: true }).notNull().defaultNow(),
    personId: integer('person_id').references(() => people.id),
  },
  (table) => [index('invoice_status_history_invoice_idx').on(table.invoiceId, table.statusDate)],
);

export const invoiceErrors = pgTable(
  'invoice_errors',
  {
    id: bigId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    description: text('description').notNull(),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invoice_errors_invoice_idx').on(table.invoiceId, table.eventTime)],
);

export const invoiceTransactions = pgTable(
  'invoice_transactions',
  {
    id: bigId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    status: text('status').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    statusDate: timestamp('status_date', { withTimezone: true }).notNull().defaultNow(),
    /** The provider's id of the payment this attempt made, from its first report (decision 0017). */
    providerInvoiceId: text('provider_invoice_id'),
    /**
     * A payout attempt: the provider it was sent to (its terminal's PAYOUT_PROVIDER then), so a
     * later change of the attribute cannot hand it to a second provider (decision 0009). Null for
     * deposits and for attempts from before it was kept.
     */
    payoutProviderCode: text('payout_provider_code'),
  },
  (table) => [
    index('invoice_transactions_invoice_idx').on(table.invoiceId, table.createDate),
    // One payment id names one invoice of a provider: the report's check looks it up here.
    index('invoice_transactions_provider_invoice_idx')
      .on(table.providerInvoiceId)
      .where(sql`${table.providerInvoiceId} IS NOT NULL`),
  ],
);

/** Audit trail: every state change and sign-in, with the actor, time and source address. */
export const eventLog = pgTable(
  'event_log',
  {
    id: bigId(),
    eventCode: text('event_code').notNull(),
    description: text('description').notNull(),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull().defaultNow(),
    personId: integer('person_id').references(() => people.id),
    merchantId: integer('merchant_id').references(() => merchants.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    sourceIp: text('source_ip'),
    /** What changed, for people, roles and sessions: e.g. `{ roles: { from: [...], to: [...] } }`. */
    details: jsonb('details'),
  },
  (table) => [
    index('event_log_invoice_idx').on(table.invoiceId, table.eventTime),
    index('event_log_time_idx').on(table.eventTime),
  ],
);

/**
 * A merchant's API keys (issue 23, decision 0021): several per merchant, each with its scopes.
 * The secret signs the merchant's requests (HMAC, so it is kept sealed, not hashed: decision
 * 0013); it is shown once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    label: text('label').notNull(),
    publicKey: text('public_key').notNull(),
    secret: sealedText('secret').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => people.id),
    /** Written at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => people.id),
  },
  (table) => [
    uniqueIndex('api_keys_public_key_uq').on(table.publicKey),
    index('api_keys_merchant_idx').on(table.merchantId, table.createdAt),
  ],
);

/**
 * Webhook signing secrets (`whsec_…`), apart from the API keys. The current one has no expiry;
 * a rotated one expires after the grace period, and until then callbacks carry both signatures.
 */
export const webhookSecrets = pgTable(
  'webhook_secrets',
  {
    id: id(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    secret: sealedText('secret').notNull(),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => people.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [index('webhook_secrets_merchant_idx').on(table.merchantId, table.createdAt)],
);

/** Where a merchant receives its events, and which types each endpoint subscribes to. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the platform disabled it (null when a person did, or it is enabled). */
    disabledReason: text('disabled_reason'),
    /** Start of the current run of failed attempts; null after any delivery. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_merchant_idx').on(table.merchantId)],
);

/** Every event a merchant was sent (or would be): the Standard Webhooks envelope as sent. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigId(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    type: text('type').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_events_merchant_idx').on(table.merchantId, table.createdAt, table.id),
    index('webhook_events_invoice_idx').on(table.invoiceId),
  ],
);

/**
 * Merchant callbacks: one delivery of an event to one destination (an endpoint, or the
 * invoice's own callbackUrl). An outbox worked with FOR UPDATE SKIP LOCKED by any instance.
 */
export const callbacks = pgTable(
  'callbacks',
  {
    id: bigId(),
    /** Null for a test event. */
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    eventId: bigint('event_id', { mode: 'number' }).references(() => webhookEvents.id),
    /** Null when the invoice's own callbackUrl is the destination. */
    endpointId: integer('endpoint_id').references(() => webhookEndpoints.id, {
      onDelete: 'set null',
    }),
    url: text('url').notNull(),
    invoiceStatus: text('invoice_status').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['PENDING', 'SENT', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim by one worker; an expired claim is picked up again (crash safety). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastResponseCode: integer('last_response_code'),
    lastError: text('last_error'),
    isManual: boolean('is_manual').notNull().default(false),
    /**
     * The first delivery this one sends again (a resend), null for an original. A delivery
     * without an event (queued before events existed) keeps that delivery's webhook-id.
     */
    resendOf: bigint('resend_of', { mode: 'number' }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    executionDate: timestamp('execution_date', { withTimezone: true }),
  },
  (table) => [
    index('callbacks_invoice_idx').on(table.invoiceId, table.createDate),
    index('callbacks_event_idx').on(table.eventId),
    index('callbacks_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'PENDING'`),
    // The delivery job's claim takes each merchant's oldest due callbacks in turn.
    index('callbacks_merchant_due_idx')
      .on(table.merchantId, table.nextAttemptAt, table.id)
      .where(sql`${table.status} = 'PENDING'`),
    // A resend finds the one already waiting; a test send counts the waiting ones of an endpoint.
    index('callbacks_pending_resend_idx')
      .on(table.resendOf)
      .where(sql`${table.status} = 'PENDING'`),
    index('callbacks_pending_endpoint_idx')
      .on(table.endpointId)
      .where(sql`${table.status} = 'PENDING'`),
  ],
);

/** Each attempt of a callback: what the merchant's server answered and how long it took. */
export const callbackAttempts = pgTable(
  'callback_attempts',
  {
    id: bigId(),
    callbackId: bigint('callback_id', { mode: 'number' })
      .notNull()
      .references(() => callbacks.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms').notNull(),
    /** The first characters of the response body. */
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (table) => [index('callback_attempts_callback_idx').on(table.callbackId, table.attemptedAt)],
);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    description: text('description').notNull(),
    status: text('status', { enum: ['NEW', 'IN_WORK', 'PENDING', 'SOLVED', 'REJECTED'] })
      .notNull()
      .default('NEW'),
    issueTypeId: integer('issue_type_id').references(() => referenceItems.id),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => people.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [index('support_tickets_invoice_idx').on(table.invoiceId)],
);

export const settlements = pgTable(
  'settlements',
  {
    id: id(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    terminalId: integer('terminal_id')
      .notNull()
      .references(() => terminals.id),
    /** In the terminal currency's minor units. */
    baseAmount: money('base_amount').notNull(),
    /** In USDT minor units (6 decimals). */
    settlementAmount: money('settlement_amount').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => people.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('settlements_terminal_idx').on(table.terminalId, table.createdAt),
    check('settlements_amounts_ck', sql`${table.baseAmount} > 0 AND ${table.settlementAmount} > 0`),
  ],
);

/**
 * Each merchant's production money per currency (decision 0017), kept with every invoice change
 * in the same transaction: `available` is what may still be paid out or settled, `reserved` what
 * queued payouts hold (already taken out of `available`). A payout or settlement is a conditional
 * update of this row, so concurrent ones can never spend the same money twice.
 */
export const merchantBalances = pgTable(
  'merchant_balances',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    available: money('available').notNull().default(sql`0`),
    reserved: money('reserved').notNull().default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.currencyId] }),
    check('merchant_balances_reserved_ck', sql`${table.reserved} >= 0`),
  ],
);

/**
 * The ledger of merchant_balances (decision 0028): one row for every change of a balance, written
 * in the same transaction and under the same row lock, so the rows of one merchant and currency
 * follow each other in `id` order and the last one's `*_after` is the kept balance; a commit
 * trigger of migration 0018 refuses any change of merchant_balances whose last ledger row does not
 * say so. Rows are only ever added. What moved the money is kept as it was then (the invoice's flow, statuses, amount
 * and fee before and after), so a report of a closed period reads the same later, whatever
 * happens to the invoice since.
 */
export const balanceMovements = pgTable(
  'balance_movements',
  {
    id: bigId(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    /** invoice: a status or amount change; settlement: a settlement; recount: see decision 0028. */
    kind: text('kind', { enum: ['invoice', 'settlement', 'recount'] }).notNull(),
    terminalId: integer('terminal_id').references(() => terminals.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    settlementId: integer('settlement_id').references(() => settlements.id),
    flowType: text('flow_type', { enum: ['DEPOSIT', 'WITHDRAWAL'] }),
    /** Null when the invoice entered the ledger in its status (written before the ledger, or seeded). */
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    amountBefore: money('amount_before'),
    amountAfter: money('amount_after'),
    feeBefore: money('fee_before'),
    feeAfter: money('fee_after'),
    availableChange: money('available_change').notNull(),
    reservedChange: money('reserved_change').notNull(),
    availableAfter: money('available_after').notNull(),
    reservedAfter: money('reserved_after').notNull(),
    /** The back-office person who made the change; null for the platform, customers and providers. */
    personId: integer('person_id').references(() => people.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('balance_movements_balance_idx').on(table.merchantId, table.currencyId, table.createdAt),
    // The last row of a balance (the commit check of migration 0018) and the platform-wide report.
    index('balance_movements_chain_idx').on(table.merchantId, table.currencyId, table.id),
    index('balance_movements_currency_idx').on(table.currencyId, table.createdAt),
    // A merchant's balance transactions across its currencies, newest first (the merchant API).
    index('balance_movements_merchant_idx').on(table.merchantId, table.id),
    index('balance_movements_terminal_idx').on(table.terminalId, table.createdAt),
    index('balance_movements_invoice_idx').on(table.invoiceId),
    check(
      'balance_movements_cause_ck',
      sql`(${table.kind} = 'invoice' AND ${table.invoiceId} IS NOT NULL AND ${table.flowType} IS NOT NULL AND ${table.toStatus} IS NOT NULL AND ${table.amountAfter} IS NOT NULL AND ${table.feeAfter} IS NOT NULL)
        OR (${table.kind} = 'settlement' AND ${table.settlementId} IS NOT NULL)
        OR ${table.kind} = 'recount'`,
    ),
  ],
);

/**
 * Invoices the expiry job could not cancel (decision 0006, "Expiry"): each waits until retry_at
 * before it is claimed again, so invoices that fail every time never fill the job's batch and
 * hold up the expiry of every other one. Kept after the invoice is cancelled, as its record.
 */
export const invoiceExpiryFailures = pgTable('invoice_expiry_failures', {
  // No foreign key: the migration that made this table then needs no lock on invoices.
  invoiceId: uuid('invoice_id').primaryKey(),
  attempts: integer('attempts').notNull(),
  lastError: text('last_error').notNull(),
  failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  retryAt: timestamp('retry_at', { withTimezone: true }).notNull(),
});

/** Sign-in attempts, for throttling per username and per source address across instances. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigId(),
    /** Lower-cased as typed, whether or not such a person exists. */
    username: text('username').notNull(),
    sourceIp: text('source_ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_username_idx').on(table.username, table.attemptedAt),
    index('login_attempts_ip_idx').on(table.sourceIp, table.attemptedAt),
  ],
);

/**
 * Idempotency keys of the merchant API's invoices and of settlements, per merchant: the first
 * response to a key is kept and replayed for the same request; the same key with another request
 * is refused. Kept at least 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigId(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: what "the same request" means. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still being processed. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('idempotency_keys_merchant_key_uq').on(table.merchantId, table.key),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/**
 * What the back office hears of live (issue 25): invoice created and changed, callback attempts,
 * alerts. Written in the transaction of the change; every instance reads the rows of finished
 * transactions in (tx_id, id) order and streams them to its signed-in staff (live-event-hub.ts).
 * Kept a few minutes, so a reconnecting browser gets what it missed.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigId(),
    /**
     * The writing transaction's id (pg_current_xact_id): rows are read only once every older
     * transaction has finished, so none is skipped when transactions commit out of order.
     */
    txId: bigint('tx_id', { mode: 'bigint' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
    type: text('type').notNull(),
    /** Whose staff may hear it (no foreign keys: a row lives minutes and must never block). */
    merchantId: integer('merchant_id').notNull(),
    invoiceId: uuid('invoice_id'),
    terminalId: integer('terminal_id'),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('live_events_order_idx').on(table.txId, table.id),
    index('live_events_created_idx').on(table.createdAt),
  ],
);

/**
 * Conditions that need a person (issue 25 item 3): a terminal whose success rate fell below its
 * threshold, a webhook endpoint that keeps failing. Open while `closed_at` is null; at most one
 * open alert per subject (the partial unique index), so instances evaluating at once cannot open
 * it twice. Closed by the evaluation itself when the condition is gone.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigId(),
    kind: text('kind', {
      enum: ['terminal_success_rate', 'webhook_endpoint_failing'],
    }).notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The terminal (terminal_success_rate) or webhook endpoint (webhook_endpoint_failing) id. */
    subjectId: integer('subject_id').notNull(),
    /** What was measured when it opened, and when it closed (`closing`). */
    details: jsonb('details').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('alerts_open_subject_uq')
      .on(table.kind, table.subjectId)
      .where(sql`${table.closedAt} IS NULL`),
    index('alerts_merchant_idx').on(table.merchantId, table.openedAt),
    check(
      'alerts_kind_ck',
      sql`${table.kind} IN ('terminal_success_rate','webhook_endpoint_failing')`,
    ),
  ],
);

/**
 * The Notifications screen's entries: alerts opening and closing, an endpoint disabled, and the
 * demo's sample entries (SPEC §2). Seen by the staff whose merchant scope includes
 * `merchant_id` (platform-wide when null: platform staff only). Read state is per person.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigId(),
    merchantId: integer('merchant_id').references(() => merchants.id),
    /** The badge's word: Monitoring, Webhooks, Settlement, Support, Terminal, Security. */
    category: text('category').notNull(),
    /** The badge's colour (a BadgeKind of @paygate/domain). */
    severity: text('severity', {
      enum: ['success', 'warning', 'error', 'primary', 'neutral'],
    }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A back-office path to open (the terminal, the Developers screen), or null. */
    link: text('link'),
    alertId: bigint('alert_id', { mode: 'number' }).references(() => alerts.id),
    createdAt: createdAt(),
  },
  (table) => [index('notifications_merchant_idx').on(table.merchantId, table.createdAt, table.id)],
);

export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.personId] })],
);

/**
 * The newest live_events position ever pruned (one row). A browser's position at or after it
 * missed nothing still to be read; an older one may have, and is told to reload (resync).
 */
export const liveEventPruneMark = pgTable(
  'live_event_prune_mark',
  {
    id: smallint('id').primaryKey(),
    txId: bigint('tx_id', { mode: 'bigint' }).notNull(),
    rowId: bigint('row_id', { mode: 'number' }).notNull(),
  },
  (table) => [check('live_event_prune_mark_one_row_ck', sql`${table.id} = 1`)],
);

/**
 * Row counts the metrics show (invoices by status, callbacks by status and their attempts),
 * kept by statement triggers on those tables instead of counted per scrape (migration
 * 0009_metric_counts). A change appends a delta row, so writers never queue on one counter row;
 * the fold job moves deltas into `metric_counts`, and a reader adds both: always exact.
 */
export const metricCounts = pgTable(
  'metric_counts',
  {
    metric: text('metric').notNull(),
    label: text('label').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.metric, table.label] })],
);

/** Changes to `metric_counts` not folded in yet (written by the triggers only). */
export const metricCountDeltas = pgTable('metric_count_deltas', {
  id: bigId(),
  metric: text('metric').notNull(),
  label: text('label').notNull(),
  delta: bigint('delta', { mode: 'number' }).notNull(),
});
