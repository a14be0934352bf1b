import { httpAddressError } from '@paygate/domain';

const HAS_HTTP_PREFIX = /^https?:/i;
/** Browsers drop tabs and line breaks inside URLs ("java\tscript:"), so they are removed first. */
const IGNORED_CHARACTERS = /[\t\n\r]/g;
/** What a protocol-relative URL is resolved against: the form's own (https) page. */
const FORM_PAGE = 'https://payment-form.invalid/';

/**
 * The href of a merchant redirect URL (success, cancel or error URL), or null when there is none
 * or it is unsafe. SPEC §2: a URL without an http prefix is protocol-relative, so
 * "shop.example/return" becomes "//shop.example/return" (same scheme as the form). Either way the
 * destination must pass the merchant API's own rule for these URLs (httpAddressError): http(s)
 * with a host and no user name or password ("https://bank.example@evil.example/" leads to
 * evil.example), so one stored before that rule is never followed. "javascript:alert(1)" turns
 * into the invalid "//javascript:alert(1)" and is refused.
 */
export const redirectHref = (url: string | null | undefined): string | null => {
  const text = (url ?? '').replace(IGNORED_CHARACTERS, '').trim();
  if (text === '') return null;
  if (HAS_HTTP_PREFIX.test(text)) return httpAddressError(text) === null ? text : null;
  const candidate = `//${text.replace(/^[/\\]+/, '')}`;
  try {
    return httpAddressError(new URL(candidate, FORM_PAGE).href) === null ? candidate : null;
  } catch {
    return null;
  }
};
