/**
 * What the developers module offers other modules (decision 0018, "Boundaries"): a new
 * merchant's first API key and webhook secret (`issueFirstCredentials`), used where merchants
 * are created, and the scheme a webhook destination may have (`hasAllowedWebhookScheme`), which
 * the merchant API's callbackUrl follows too. Its routes (the Developers screen's API) are
 * registered by api-plugin.ts.
 */
export { FIRST_API_KEY_LABEL, issueFirstCredentials } from './merchant-credentials.ts';
export { hasAllowedWebhookScheme, type WebhookUrlRule } from './webhook-url-rule.ts';
