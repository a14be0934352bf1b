/**
 * Every `code` an error answer can carry (decision 0020): one stable, snake_case, machine-readable
 * name per kind of refusal, the same on every API. Clients branch on the code, never on the
 * human `detail`. A code, once published, keeps its meaning; new ones may be added. Each entry's
 * text is its meaning (it is also the description of the `code` enum in the OpenAPI document).
 */
export const PROBLEM_CODES = {
  // 400 Bad Request
  validation_failed:
    'A request part (body, query, path parameters or headers) does not match the route’s schema; `errors` lists every field.',
  invalid_request:
    'The request is well-formed but breaks a rule of its own values (detail says which).',
  malformed_json: 'The body is not valid JSON, or is empty while Content-Type says JSON.',
  malformed_url: 'The path cannot be decoded (broken percent-encoding).',
  nul_character: 'A text holds the NUL character (U+0000), which cannot be stored.',
  two_factor_code_invalid: 'The two-factor code (or recovery code) is wrong.',
  two_factor_locked:
    'Too many wrong second-factor codes in a row: no authenticator code is checked until an administrator resets the second factor (recovery codes still are).',
  wrong_current_password:
    'The signed-in person’s current password, asked before a change of their sign-in, is wrong.',
  // 401 Unauthorized
  unauthenticated: 'No valid session (back office) or no valid token (metrics): sign in.',
  invalid_credentials: 'Sign-in refused: unknown username or wrong password.',
  second_step_expired:
    'The second step of a sign-in (code or enrolment) has expired: sign in again.',
  signature_headers_missing:
    'A signed API call lacks X-Api-Key, X-Timestamp or X-Signature (detail names them).',
  timestamp_invalid: 'X-Timestamp is not Unix time in whole seconds.',
  timestamp_out_of_tolerance:
    'X-Timestamp is too far from the server clock (replay window): check the caller’s clock.',
  invalid_signature:
    'Unknown API key or wrong signature (one code for both, so neither can be probed).',
  // 403 Forbidden
  forbidden: 'Signed in, but a permission is missing, or the action is not allowed to this caller.',
  cross_site_request: 'A state-changing back-office call that did not come from the back office.',
  reauthentication_required:
    'A security action that hands out or moves access (users, roles, merchants, API keys, webhook secrets and endpoints) needs the signed-in person to have proved who they are in the last 15 minutes: confirm with POST /api/v1/reauthentication, then send the call again.',
  insufficient_scope:
    'The API key lacks the scope this call needs (invoices:read, invoices:write or balance:read): use another key.',
  invalid_support_code: 'The payment form’s support code does not match the payment.',
  // 404 Not Found
  not_found: 'No such object, or one the caller may not see (the two are not told apart).',
  route_not_found: 'No route serves this method and path.',
  // 409 Conflict
  conflict: 'The object’s current state does not allow this (detail says why).',
  idempotency_key_reused:
    'The Idempotency-Key was already used with a different request: use a new key.',
  idempotency_key_in_progress:
    'A request with this Idempotency-Key is still being handled: retry shortly.',
  concurrent_change:
    'Another request changed the same thing at the same moment: retrying is safe and gets the real answer.',
  payment_finished: 'The payment is already finished (payment form).',
  payment_method_chosen:
    'The payment already has a method and its requisites (payment form): read the payment again.',
  too_many_open_payments:
    'The customer already holds requisites for as many unfinished deposits as allowed (payment form): pay or let one of them end, then try again.',
  username_taken:
    'A new user’s username is taken in some letter case, or held outside the caller’s reach and so cannot be used (back office): choose another.',
  role_name_taken: 'Another role has this name in some letter case (back office): choose another.',
  // 410 Gone
  gone: 'The object is gone for good.',
  payment_expired: 'The payment has expired (payment form).',
  payment_canceled: 'The payment was cancelled (payment form).',
  link_expired: 'The one-time set-password link is used, expired or withdrawn.',
  // Other 4xx
  request_timeout: 'The request was not received in time (408).',
  payload_too_large: 'The body is larger than the route accepts (413).',
  uri_too_long: 'A path parameter is longer than the router accepts (414).',
  unsupported_media_type: 'The body’s Content-Type is not one the route accepts (415).',
  rate_limited:
    'Too many requests from this client, key or address in the current window: see Retry-After (429).',
  too_many_attempts:
    'Too many failed password or code checks: wait for Retry-After before trying again (429).',
  request_header_fields_too_large: 'The request headers are too large (431).',
  client_error: 'Any other refusal of the request (4xx); the status tells which.',
  // 5xx
  internal_error: 'An unexpected server error; the log holds it under the request id (500).',
  service_unavailable:
    'The database is unreachable or the server is shutting down: retry later (503, Retry-After when known).',
  server_error: 'Any other server failure (5xx).',
} as const;

export type ProblemCode = keyof typeof PROBLEM_CODES;

export const PROBLEM_CODE_LIST = Object.keys(PROBLEM_CODES) as ProblemCode[];

const CODE_BY_STATUS: Readonly<Record<number, ProblemCode>> = {
  400: 'invalid_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'request_header_fields_too_large',
  500: 'internal_error',
  503: 'service_unavailable',
};

/** The code of an error that names none: the general code of its status. */
export const defaultProblemCode = (status: number): ProblemCode =>
  CODE_BY_STATUS[status] ?? (status >= 500 ? 'server_error' : 'client_error');
