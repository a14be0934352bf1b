/**
 * Which scheme a webhook destination may have (decision 0021, "Webhook URLs in production"):
 * https only, unless the server allows http (WEBHOOK_ALLOW_HTTP: off in production, on in
 * development, tests and the end-to-end journeys). It covers what a merchant names as a
 * destination of its callbacks: webhook endpoints, and the merchant API's callbackUrl of an
 * invoice, which overrides them. Judged when the URL is given; a URL stored before keeps
 * delivering, as an endpoint the address rule now refuses does.
 */
export interface WebhookUrlRule {
  /** Whether http:// destinations are taken (ServerConfig.webhookAllowHttp). */
  allowHttp: boolean;
}

/**
 * Whether an address already judged an absolute http(s) address (httpAddressError of
 * packages/domain, which takes either scheme in any letter case) has a scheme the rule takes.
 */
export const hasAllowedWebhookScheme = (address: string, { allowHttp }: WebhookUrlRule): boolean =>
  allowHttp || /^https:\/\//i.test(address.trim());
