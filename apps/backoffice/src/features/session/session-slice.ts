import { sessionExpired } from '@paygate/api';
import { createSlice } from '@reduxjs/toolkit';

/**
 * What the app knows about the session. The jwt cookie is HttpOnly, so the app cannot read it:
 * it learns it is signed in when GET /api/v1/people/me answers (SPEC §8). `signedOut` is set
 * when the server said 401 or the user logged out, so no screen keeps asking the server with a
 * dead session (each 401 would otherwise clear the cache and ask again).
 */
export interface SessionState {
  signedOut: boolean;
}

const initialState: SessionState = { signedOut: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn: (state) => {
      state.signedOut = false;
    },
    signedOut: (state) => {
      state.signedOut = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state) => {
      state.signedOut = true;
    });
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;
