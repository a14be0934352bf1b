import { randomBytes, randomUUID } from 'node:crypto';
import { referenceItemId } from '../../seed/reference-data.ts';
import type { ApiRoute, JsonSchema } from './route-table.ts';
import type { MerchantRecords, RouteTestWorld } from './route-test-world.ts';

/** Records a merchant owns: another merchant's must stay invisible to merchant users. */
export type MerchantRecordKind =
  | 'merchant'
  | 'terminal'
  | 'invoice'
  | 'merchantInvoice'
  | 'ticket'
  | 'form'
  | 'user'
  | 'apiKey'
  | 'webhookEndpoint'
  | 'event'
  | 'callback'
  | 'balanceTransaction';
/** Platform records (provider accounts, pools, roles, sessions): not any merchant's. */
export type PlatformRecordKind = 'account' | 'credential' | 'pool' | 'role' | 'session';
export type RecordKind = MerchantRecordKind | PlatformRecordKind;

const MERCHANT_RECORD_KINDS = new Set<RecordKind>([
  'merchant',
  'terminal',
  'invoice',
  'merchantInvoice',
  'ticket',
  'form',
  'user',
  'apiKey',
  'webhookEndpoint',
  'event',
  'callback',
  'balanceTransaction',
]);
export const isMerchantRecordKind = (kind: RecordKind): kind is MerchantRecordKind =>
  MERCHANT_RECORD_KINDS.has(kind);

/** Properties (path, query or body) whose name says which record they point at. */
const RECORD_KIND_BY_NAME: Record<string, RecordKind> = {
  merchantId: 'merchant',
  terminalId: 'terminal',
  invoiceId: 'invoice',
  ticketId: 'ticket',
  formId: 'form',
  credentialId: 'credential',
  terminalPoolId: 'pool',
  eventId: 'event',
};

/** A bare `:id` path parameter: the record is named by the path around it. */
const PATH_ID_KINDS: Array<[RegExp, RecordKind]> = [
  [/\/invoice\/:id$/, 'invoice'],
  [/\/terminal\/:id$/, 'terminal'],
  [/\/terminal\/merchantId=:id$/, 'merchant'],
  [/\/merchant\/:id$/, 'merchant'],
  [/\/people\/account\/limit\/:id$/, 'account'],
  [/\/people\/account\/:id(\/|$)/, 'account'],
  [/\/users\/:id(\/|$)/, 'user'],
  [/\/roles\/:id$/, 'role'],
  [/\/sessions\/:id$/, 'session'],
  [/\/developers\/api-keys\/:id(\/|$)/, 'apiKey'],
  [/\/developers\/webhook-endpoints\/:id(\/|$)/, 'webhookEndpoint'],
  [/\/developers\/callbacks\/:id(\/|$)/, 'callback'],
];

/**
 * The record a property points at, or undefined for plain values. An `id` the table above does
 * not know fails: a new route's ids must be classified before the matrix can check it.
 */
export const recordKindOf = (route: ApiRoute, name: string): RecordKind | undefined => {
  // The merchant's own invoice id looks an invoice up; a new invoice is given a fresh one.
  if (name === 'merchantInvoiceId') return route.method === 'POST' ? undefined : 'merchantInvoice';
  // A list's cursor: the last record of the previous page.
  if (name === 'starting_after') {
    if (route.url.endsWith('/events')) return 'event';
    return route.url.endsWith('/balance-transactions') ? 'balanceTransaction' : 'invoice';
  }
  const byName = RECORD_KIND_BY_NAME[name];
  if (byName) return byName;
  if (name !== 'id') return undefined;
  const byPath = PATH_ID_KINDS.find(([pattern]) => pattern.test(route.url));
  if (!byPath) {
    throw new Error(
      `${route.method} ${route.url}: which record is :id? Add the path to PATH_ID_KINDS`,
    );
  }
  return byPath[1];
};

/** Which merchant's record each merchant-owned id is filled with. */
export type OwnerChoice = (kind: MerchantRecordKind, name: string) => 'own' | 'other';

export interface ExampleRequest {
  url: string;
  query: Record<string, string>;
  body: unknown;
}

const asSchema = (value: unknown): JsonSchema =>
  typeof value === 'object' && value !== null ? (value as JsonSchema) : {};

/**
 * A valid request for the route, built from its JSON schemas: required properties, plus the
 * optional ones that point at a record or have an example below (so that the handler, not the
 * validator, answers). Record ids are filled from the world, own or other merchant's as chosen.
 */
export const exampleRequest = (
  world: RouteTestWorld,
  route: ApiRoute,
  ownerOf: OwnerChoice = () => 'own',
  overrides: Record<string, unknown> = {},
): ExampleRequest => {
  const recordOf = (records: MerchantRecords, kind: MerchantRecordKind) =>
    ({
      merchant: records.merchantId,
      terminal: records.terminalId,
      invoice: records.invoiceId,
      merchantInvoice: records.merchantInvoiceId,
      ticket: records.ticketId,
      form: records.formId,
      user: records.userId,
      apiKey: records.apiKeyId,
      webhookEndpoint: records.webhookEndpointId,
      event: records.eventId,
      callback: records.callbackId,
      balanceTransaction: records.balanceTransactionId,
    })[kind];
  const platformRecord = (kind: PlatformRecordKind) =>
    ({
      account: world.provider.accountId,
      credential: world.provider.credentialId,
      pool: world.terminalPoolId,
      role: world.roleId,
      // Nobody's session: ending it is not found for everyone.
      session: '00000000-0000-4000-8000-00000000a11d',
    })[kind];

  const named: Record<string, unknown> = {
    username: 'nobody',
    password: 'wrong-password',
    currentPassword: 'wrong-password',
    newPassword: 'a-new-password-1',
    testDashboard: false,
    name: 'Matrix name',
    description: 'Matrix ticket',
    amount: 100_000,
    baseAmount: 1,
    settlementAmount: 1,
    limit: 1_000,
    priority: 0,
    checkUniqueAmount: false,
    minutes: 60,
    enable: true,
    enabled: false,
    periodStart: '2026-01-01',
    periodEnd: '2026-12-31',
    statusId: referenceItemId(201, 3),
    flowTypeId: referenceItemId(200, 1),
    issueTypeId: referenceItemId(107, 1),
    attributeId: referenceItemId(105, 2),
    credentialTypeId: referenceItemId(103, 1),
    paramTypeId: referenceItemId(102, 2),
    value: '8600495312345670',
    bankName: 'Matrix bank',
    ownerName: 'Ivan Petrov',
    countryCode: 'UZ',
    currencyId: world.currencyId,
    currency: 'UZS',
    providerId: world.provider.providerId,
    paymentMethodId: world.paymentMethodId,
    providerInvoiceId: 'matrix-1',
    externalId: 'customer-1',
    supportCode: 'not-a-support-code',
    label: 'Matrix key',
    scopes: ['invoices:read'],
    url: 'https://matrix.example/webhook',
    eventTypes: ['invoice.done'],
    graceHours: 1,
  };

  const exampleValue = (schema: JsonSchema, name: string): unknown => {
    if (name in overrides) return overrides[name];
    const kind = recordKindOf(route, name);
    if (kind) {
      if (!isMerchantRecordKind(kind)) return platformRecord(kind);
      return recordOf(ownerOf(kind, name) === 'own' ? world.own : world.other, kind);
    }
    if (name === 'merchantInvoiceId') return `matrix-${randomBytes(6).toString('hex')}`;
    if (name in named) {
      const value = named[name];
      // A name shared by routes with other bounds (a page limit, an account limit).
      if (
        typeof value === 'number' &&
        typeof schema.maximum === 'number' &&
        value > schema.maximum
      ) {
        return schema.default ?? schema.maximum;
      }
      return value;
    }
    if (Array.isArray(schema.enum)) return schema.enum[0];
    const types = ([] as unknown[]).concat(schema.type ?? 'object');
    const type = types.find((candidate) => candidate !== 'null');
    switch (type) {
      case 'integer':
      case 'number':
        return Math.max(Number(schema.minimum ?? 1), 1);
      case 'boolean':
        return false;
      case 'array':
        return [];
      case 'string':
        if (schema.format === 'uuid') return randomUUID();
        // A moment an hour ago: within any range a route allows (Recover's last 14 days).
        if (schema.format === 'date-time') return new Date(Date.now() - 3_600_000).toISOString();
        if (schema.pattern) {
          throw new Error(
            `${route.method} ${route.url}: give ${name} (${schema.pattern}) an example`,
          );
        }
        return 'matrix';
      default:
        return objectOf(schema);
    }
  };
  const objectOf = (schema: JsonSchema): Record<string, unknown> => {
    const properties = asSchema(schema.properties);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const result: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(properties)) {
      const wanted =
        required.has(name) ||
        name in named ||
        name in overrides ||
        recordKindOf(route, name) !== undefined;
      if (wanted) result[name] = exampleValue(asSchema(property), name);
    }
    return result;
  };

  const params = route.schema.params ? objectOf(route.schema.params) : {};
  const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? exampleValue({}, name))),
  );
  const query = Object.fromEntries(
    Object.entries(route.schema.querystring ? objectOf(route.schema.querystring) : {}).map(
      ([name, value]) => [name, String(value)],
    ),
  );
  const body = route.schema.body ? objectOf(route.schema.body) : undefined;
  return { url, query, body };
};

/** The merchant-owned record kinds a route's parameters point at, by property name. */
export const merchantRecordProperties = (route: ApiRoute): string[] => {
  const names = new Set<string>();
  for (const schema of [route.schema.params, route.schema.querystring, route.schema.body]) {
    for (const name of Object.keys(asSchema(schema?.properties))) {
      const kind = recordKindOf(route, name);
      if (kind && isMerchantRecordKind(kind)) names.add(name);
    }
  }
  return [...names];
};
