import { clearSessionMarker, SESSION_MARKER_COOKIE } from '../features/session/session-memory.ts';
import { SELECTED_TERMINAL_STORAGE_KEY } from '../features/workspace/workspace-slice.ts';

/**
 * The browser's cookies as the server would have left them (decision 0010): after a sign-in
 * the readable marker sits next to the HttpOnly jwt; without one no session can exist, and the
 * app asks nothing at start. The app reads it when its store is created.
 */
export const setSessionMarker = (present: boolean): void => {
  if (!present) {
    clearSessionMarker();
    return;
  }
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; what the server's Set-Cookie would leave
  document.cookie = `${SESSION_MARKER_COOKIE}=1; Path=/; SameSite=Strict`;
};

/**
 * A new tab: no header terminal chosen yet (it is kept per tab, in sessionStorage), the marker
 * cookie as `session` says. What localStorage remembers across tabs (the merchant choice, a
 * pending sign-out) is left to the test.
 */
export const openNewTab = ({ session }: { session: boolean }): void => {
  sessionStorage.removeItem(SELECTED_TERMINAL_STORAGE_KEY);
  setSessionMarker(session);
};
