import { sessionExpired } from '@paygate/api';
import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { hasSessionMarker, readPendingSignOut } from './session-memory.ts';

/**
 * What the app knows about the session. The jwt cookie is HttpOnly, so the app cannot read it:
 * it learns it is signed in when GET /api/v1/people/me answers (SPEC §8). `signedOut` is set
 * when no session can exist (no marker cookie at start, decision 0010), when the server said 401
 * or when the user was signed out, so no screen asks the server with a dead session (each 401
 * would otherwise clear the cache and ask again). `pendingSignOut` is a sign-out the server has
 * not confirmed (session-memory.ts, pending-sign-out.tsx): until it is, nothing asks about the
 * session at all.
 */
export interface SessionState {
  signedOut: boolean;
  pendingSignOut: boolean;
  /**
   * The person logged out themselves: the next sign-in starts at the invoice list, not on the
   * screen they left (which may be someone else's at a shared desk). An expiry keeps the screen.
   */
  loggedOut: boolean;
}

/** The session as the browser left it: a remembered sign-out first, then the marker cookie. */
export const initialSessionState = (): SessionState => {
  const pendingSignOut = readPendingSignOut() === true;
  return { signedOut: pendingSignOut || !hasSessionMarker(), pendingSignOut, loggedOut: false };
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** Login succeeded: the new session replaces whatever was pending. */
    signedIn: (state) => {
      state.signedOut = false;
      state.pendingSignOut = false;
      state.loggedOut = false;
    },
    /**
     * The user logged out, or the current person could not be loaded (SPEC §7, §8): signed out
     * here at once, and on the server as soon as it answers.
     */
    signOutRequested: (state, action: PayloadAction<{ byPerson: boolean } | undefined>) => {
      state.signedOut = true;
      state.pendingSignOut = true;
      state.loggedOut = action.payload?.byPerson === true;
    },
    /** The server answered logout: the cookies are gone and the session revoked. */
    signOutCompleted: (state) => {
      state.pendingSignOut = false;
    },
    /** Another tab completed the sign-out or signed in meanwhile: nothing left to do here. */
    pendingSignOutDropped: (state) => {
      state.pendingSignOut = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state) => {
      state.signedOut = true;
    });
  },
});

export const { signedIn, signOutRequested, signOutCompleted, pendingSignOutDropped } =
  sessionSlice.actions;

/** The session ended in the app: a 401 from any call, or a sign-out. */
export const sessionEnded = isAnyOf(sessionExpired, signOutRequested);
