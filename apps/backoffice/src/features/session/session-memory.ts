/**
 * What the browser remembers about the session outside the app's memory (decision 0010):
 *
 * - the `signed_in` marker cookie the server sets next to the HttpOnly jwt (same lifetime, both
 *   cleared by logout; apps/server auth/session-cookies.ts SESSION_MARKER_COOKIE). Without it no
 *   session can exist, so a start asks the server nothing;
 * - a pending sign-out in localStorage: a log out (or a sign-out after people/me failed) the
 *   server has not confirmed yet. The jwt may still be in the browser, so the next start
 *   completes the sign-out before anything else.
 */

/** The readable marker cookie; the name is the server's SESSION_MARKER_COOKIE. */
export const SESSION_MARKER_COOKIE = 'signed_in';

/** localStorage key of the pending sign-out. */
export const PENDING_SIGN_OUT_STORAGE_KEY = 'paygate.backoffice.pendingSignOut';

const cookieNames = (): string[] => {
  try {
    return (globalThis.document?.cookie ?? '')
      .split(';')
      .map((pair) => pair.split('=')[0]?.trim() ?? '')
      .filter(Boolean);
  } catch {
    return [];
  }
};

/** Whether a session may exist: the marker cookie is there. */
export const hasSessionMarker = (): boolean => cookieNames().includes(SESSION_MARKER_COOKIE);

/**
 * Drops the marker once the app knows the session is over (the server drops it too when it
 * answers logout). The jwt itself is HttpOnly: only the server can remove it.
 */
export const clearSessionMarker = (): void => {
  try {
    if (!globalThis.document) return;
    const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox, older Safari and jsdom; one fixed name, nothing to escape
    document.cookie = `${SESSION_MARKER_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict${secure}`;
  } catch {
    // Cookies disabled: there is no marker either.
  }
};

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
};

/**
 * Whether a sign-out is waiting for the server's confirmation; undefined when the browser keeps
 * no storage (then the app's memory is all there is).
 */
export const readPendingSignOut = (): boolean | undefined => {
  try {
    const store = storage();
    return store ? store.getItem(PENDING_SIGN_OUT_STORAGE_KEY) !== null : undefined;
  } catch {
    return undefined;
  }
};

export const rememberPendingSignOut = (): void => {
  try {
    storage()?.setItem(PENDING_SIGN_OUT_STORAGE_KEY, new Date().toISOString());
  } catch {
    // No storage: the sign-out is completed during this visit or not at all.
  }
};

export const forgetPendingSignOut = (): void => {
  try {
    storage()?.removeItem(PENDING_SIGN_OUT_STORAGE_KEY);
  } catch {
    // See rememberPendingSignOut.
  }
};
