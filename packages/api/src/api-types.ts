/**
 * Named types of what the server sends and accepts, all derived from the generated OpenAPI
 * types (src/generated/openapi-types.ts, from the server's routes): when a route's schema
 * changes, `pnpm --filter @paygate/server openapi:write` regenerates them and every use below
 * is checked against the new shape.
 */
import type { InvoiceFilters } from '@paygate/domain';
import type { paths } from './generated/openapi-types.ts';

export type { paths } from './generated/openapi-types.ts';

export type ApiPath = keyof paths;
export type HttpMethod = 'get' | 'put' | 'post' | 'patch' | 'delete';

type Operation<P extends ApiPath, M extends HttpMethod> = NonNullable<paths[P][M]>;

type JsonContent<R> = R extends { content: { 'application/json': infer Json } } ? Json : never;

/** The JSON body of a response (default 200). */
export type ResponseOf<P extends ApiPath, M extends HttpMethod, Status extends number = 200> =
  Operation<P, M> extends { responses: infer Responses }
    ? Status extends keyof Responses
      ? JsonContent<Responses[Status]>
      : never
    : never;

/** The `data` field of a response: every API answer wraps its payload in it (SPEC §7). */
export type DataOf<P extends ApiPath, M extends HttpMethod, Status extends number = 200> =
  ResponseOf<P, M, Status> extends { data: infer Data } ? Data : never;

/** The JSON request body. */
export type BodyOf<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends {
    requestBody?: infer Body;
  }
    ? JsonContent<NonNullable<Body>>
    : never;

/** The query parameters. */
export type QueryOf<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends {
    parameters: { query?: infer Query };
  }
    ? NonNullable<Query>
    : never;

/** The path parameters. */
export type PathParamsOf<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends {
    parameters: { path?: infer Params };
  }
    ? NonNullable<Params>
    : never;

/** The body every error answer carries: the problem (api-errors.ts, decision 0020). */
export type { ProblemDetails as ErrorBody } from './api-errors.ts';

// Session and people
export type LoginRequest = BodyOf<'/api/v1/login', 'post'>;
export type LoginResult = DataOf<'/api/v1/login', 'post'>;
export type LogoutResult = DataOf<'/api/v1/logout', 'post'>;
export type ChangePasswordRequest = BodyOf<'/api/v1/user/change_password', 'post'>;
export type ChangePasswordResult = DataOf<'/api/v1/user/change_password', 'post'>;
export type CurrentPerson = DataOf<'/api/v1/people/me', 'get'>;
export type TestDashboardRequest = BodyOf<'/api/v1/people/me/testDashboard', 'patch'>;

// Reference lists
export type ReferenceItem = DataOf<'/api/v1/reference', 'get'>[number];
/** The reference list header ids of SPEC §3 (gender 99 … SBP bank name 205). */
export type RefHeaderId = QueryOf<'/api/v1/reference', 'get'>['refHeaderId'];
export type Currency = DataOf<'/api/v1/reference/currency', 'get'>[number];
export type Provider = DataOf<'/api/v1/provider', 'get'>[number];
/**
 * One of the platform's payment methods (GET /api/v1/payment-method), disabled ones included.
 * Not the hosted form's `PaymentMethod` below, which is one method a form offers.
 */
export type PaymentMethodReference = DataOf<'/api/v1/payment-method', 'get'>[number];

// Merchants and their figures
export type Merchant = DataOf<'/api/v1/merchant/me', 'get'>;
export type MerchantTerminalRef = Merchant['terminals'][number];
export type MerchantPage = DataOf<'/api/v1/merchant', 'get'>;
/** A created merchant: also its callback signing secret, shown once. */
export type CreatedMerchant = DataOf<'/api/v1/merchant', 'post', 201>;
export type CreateMerchantRequest = BodyOf<'/api/v1/merchant', 'post'>;
export type RenameMerchantRequest = BodyOf<'/api/v1/merchant/{id}', 'put'>;
/** Query of balance, deposit and withdrawal: the chosen merchant and terminal, both optional. */
export type MerchantFiguresQuery = QueryOf<'/api/v1/merchant/balance', 'get'>;
/** GET /api/v1/merchant/balance: `balance` is a list whose first entry is shown. */
export type MerchantBalance = DataOf<'/api/v1/merchant/balance', 'get'>;
export type BalanceFigure = MerchantBalance['balance'][number];
/** One currency's completed deposits or withdrawals: sum, count and currency. */
export type FlowFigure = DataOf<'/api/v1/merchant/deposit', 'get'>[number];
/** Alias of FlowFigure: the deposit and withdrawal tiles of a terminal. */
export type TerminalFigure = FlowFigure;

// Invoices
export type Invoice = DataOf<'/api/v1/invoice/{id}', 'get'>;
export type InvoicePage = DataOf<'/api/v1/invoice', 'get'>;
export type InvoiceListItem = InvoicePage['items'][number];
export type ChangeInvoiceStatusRequest = BodyOf<'/api/v1/invoice/status', 'patch'>;
export type ChangeInvoiceAmountRequest = BodyOf<'/api/v1/invoice/amount', 'patch'>;
export type RetryInvoiceRequest = BodyOf<'/api/v1/invoice/retry', 'post'>;
export type InvoiceStatusEvent = DataOf<'/api/v1/event/status', 'get'>[number];
export type InvoiceError = DataOf<'/api/v1/event/error', 'get'>[number];
export type EventLogRow = DataOf<'/api/v1/event/invoice', 'get'>[number];
export type InvoiceTransaction = DataOf<'/api/v1/transaction/invoice', 'get'>[number];
export type CallbackRow = DataOf<'/api/v1/merchant/callback', 'get'>[number];
export type SupportTicket = DataOf<'/api/v1/merchant/support/{invoiceId}', 'get'>[number];
export type CreateSupportTicketRequest = BodyOf<'/api/v1/merchant/support', 'post'>;
export type TicketDecisionRequest = BodyOf<'/api/v1/merchant/support/approve', 'post'>;

// Terminals and monitoring
export type Terminal = DataOf<'/api/v1/terminal', 'get'>[number];
export type TerminalDetails = DataOf<'/api/v1/terminal/{id}', 'get'>;
export type TerminalAttribute = NonNullable<TerminalDetails['attributes']>[number];
export type TerminalPool = DataOf<'/api/v1/terminal/pool', 'get'>[number];
export type CreateTerminalRequest = BodyOf<'/api/v1/terminal/merchantId={id}', 'post'>;
export type SaveTerminalRequest = BodyOf<'/api/v1/terminal/{id}', 'put'>;
export type SwitchTerminalRequest = BodyOf<'/api/v1/terminal/{id}', 'patch'>;
/** Monitoring settings: refresh interval, periods, success colour thresholds. */
export type TerminalStatisticSettings = DataOf<'/api/v1/terminal/statistic', 'get'>;
export type TerminalStatistics = DataOf<'/api/data/v1/terminal', 'get'>[number];
export type TerminalStatisticsQuery = QueryOf<'/api/data/v1/terminal', 'get'>;

// Settlement
export type SettlementRequest = BodyOf<'/api/v1/settlement', 'post'>;
export type Settlement = DataOf<'/api/v1/settlement', 'post', 201>;

// People (provider) accounts
export type PeopleAccountPage = DataOf<'/api/v1/people/account', 'get'>;
export type PeopleAccount = PeopleAccountPage['items'][number];
export type PeopleAccountListQuery = QueryOf<'/api/v1/people/account', 'get'>;
export type PeopleAccountDetails = DataOf<'/api/v1/people/account/{id}', 'get'>;
export type AccountCredential = PeopleAccountDetails['credentials'][number];
export type AccountLimit = NonNullable<DataOf<'/api/router/v1/people/account/limit/{id}', 'get'>>;
/** An amount a people account holds from other payments (decision 0008). */
export type AccountAmountHold = DataOf<'/api/v1/people/account/{id}/amount-holds', 'get'>[number];
export type AccountLimitRequest = BodyOf<'/api/router/v1/people/account/limit/{id}', 'put'>;
export type CreatePeopleAccountRequest = BodyOf<'/api/v1/people/create', 'post'>;
export type TogglePeopleAccountRequest = BodyOf<'/api/v1/people/account/{id}', 'patch'>;
export type AccountCredentialRequest = BodyOf<'/api/v1/people/account/{id}/credential', 'post'>;

// Reports (CSV downloads)
export type BalanceReportQuery = QueryOf<'/api/v1/report/balance', 'get'>;
export type BalanceStatementQuery = QueryOf<'/api/v1/report/statement', 'get'>;
export type InvoiceReportQuery = QueryOf<'/api/v1/report/invoice', 'get'>;
export type ProviderReportQuery = QueryOf<'/api/v1/report/provider', 'get'>;
export type PoolBalanceReportQuery = QueryOf<'/api/v1/report/pool/balance', 'get'>;

// Hosted payment form
export type PaymentFormData = DataOf<'/api/payments/form/{formId}/init', 'post'>;
export type PaymentMethod = PaymentFormData['methods'][number];
export type PaymentCurrencyInfo = PaymentFormData['currencyInfo'];
export type PaymentFormCredentials = PaymentFormData['credentials'];
export type PaymentCredentialRequest = BodyOf<'/api/payments/form/{formId}/credential', 'post'>;
export type CompletePaymentRequest = BodyOf<'/api/payments/form/{formId}/complete', 'post'>;
export type PaymentCompletion = DataOf<'/api/payments/form/{formId}/complete', 'post'>;
export type PaymentStatus = DataOf<'/api/payments/form/{formId}/status', 'post'>;
export type Bank = DataOf<'/api/payments/form/{formId}/banks/sbp', 'get'>[number];

/**
 * The invoice filters have one type, InvoiceFilters of @paygate/domain (SPEC §3). Each must be a
 * query parameter the server knows, of the type its query schema gives it: this fails to compile
 * when the server renames, drops or retypes one (terminalId is an integer there).
 */
type Assert<T extends true> = T;
type ServerAccepts<Query, Filters> = [Exclude<keyof Filters, keyof Query>] extends [never]
  ? [Filters] extends [Query]
    ? true
    : false
  : false;
export type InvoiceFiltersMatchServer = Assert<
  ServerAccepts<QueryOf<'/api/v1/invoice', 'get'>, InvoiceFilters>
>;
/** The CSV export takes the same filters without paging. */
export type InvoiceCsvFiltersMatchServer = Assert<
  ServerAccepts<QueryOf<'/api/v1/invoice/csv', 'get'>, Omit<InvoiceFilters, 'page' | 'size'>>
>;

// Staff administration (issue 22, decision 0019)
export type StaffUserPage = DataOf<'/api/v1/users', 'get'>;
export type StaffUser = StaffUserPage['items'][number];
export type StaffUserListQuery = QueryOf<'/api/v1/users', 'get'>;
export type CreateStaffUserRequest = BodyOf<'/api/v1/users', 'post'>;
export type CreatedStaffUser = DataOf<'/api/v1/users', 'post', 201>;
export type ChangeStaffUserRequest = BodyOf<'/api/v1/users/{id}', 'patch'>;
export type PasswordLink = DataOf<'/api/v1/users/{id}/password-reset', 'post'>;
export type EndedSessions = DataOf<'/api/v1/users/{id}/sessions', 'delete'>;
export type StaffRole = DataOf<'/api/v1/roles', 'get'>[number];
export type StaffRoleRequest = BodyOf<'/api/v1/roles', 'post'>;
export type OwnSession = DataOf<'/api/v1/sessions', 'get'>[number];
export type PasswordLinkOwner = DataOf<'/api/v1/password-reset/{token}', 'get'>;
export type SetPasswordWithLinkRequest = BodyOf<'/api/v1/password-reset/{token}', 'post'>;
export type AuditLogPage = DataOf<'/api/v1/audit', 'get'>;
export type AuditLogEntry = AuditLogPage['items'][number];
export type AuditLogQuery = QueryOf<'/api/v1/audit', 'get'>;
export type AuditLogCsvQuery = QueryOf<'/api/v1/audit/csv', 'get'>;
// Two-factor sign-in (issue 22 item 3)
export type SecondFactorCodeRequest = BodyOf<'/api/v1/login/two-factor', 'post'>;
export type SecondFactorSignIn = DataOf<'/api/v1/login/two-factor', 'post'>;
export type TwoFactorEnrolment = DataOf<'/api/v1/two-factor/enrolment', 'post'>;
export type TwoFactorEnrolmentRequest = BodyOf<'/api/v1/two-factor/enrolment', 'post'>;
export type EnrolledSignIn = DataOf<'/api/v1/login/two-factor/enrolment/confirm', 'post'>;
export type TwoFactorStatus = DataOf<'/api/v1/two-factor', 'get'>;
export type RecoveryCodes = DataOf<'/api/v1/two-factor/recovery-codes', 'post'>;
// Recent authentication before a security action (decision 0019)
export type ReauthenticationRequest = BodyOf<'/api/v1/reauthentication', 'post'>;
export type Reauthenticated = DataOf<'/api/v1/reauthentication', 'post'>;
