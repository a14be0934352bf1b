/** Schemes the continue buttons may lead to; anything else (javascript:, data:, …) never. */
const WEB_PROTOCOLS = new Set(['http:', 'https:']);
const HAS_HTTP_PREFIX = /^https?:/i;
/** Browsers drop tabs and line breaks inside URLs ("java\tscript:"), so they are removed first. */
const IGNORED_CHARACTERS = /[\t\n\r]/g;

/**
 * The href of a merchant redirect URL (success, cancel or error URL), or null when there is none
 * or it is unsafe. SPEC §2: a URL without an http prefix is protocol-relative, so
 * "shop.example/return" becomes "//shop.example/return" (same scheme as the form). Only http(s)
 * destinations with a host and no user name or password are returned: "javascript:alert(1)" turns
 * into the invalid "//javascript:alert(1)" and is refused.
 */
export const redirectHref = (url: string | null | undefined): string | null => {
  const text = (url ?? '').replace(IGNORED_CHARACTERS, '').trim();
  if (text === '') return null;
  const candidate = HAS_HTTP_PREFIX.test(text) ? text : `//${text.replace(/^[/\\]+/, '')}`;
  try {
    const parsed = new URL(candidate, 'https://payment-form.invalid/');
    if (!WEB_PROTOCOLS.has(parsed.protocol) || parsed.hostname === '') return null;
    // "https://bank.example@evil.example/" leads to evil.example: the merchant API refuses such
    // URLs, and the form never follows one stored before it did.
    if (parsed.username !== '' || parsed.password !== '') return null;
    if (HAS_HTTP_PREFIX.test(text) && !/^https?:\/\//i.test(text)) return null;
    return candidate;
  } catch {
    return null;
  }
};
