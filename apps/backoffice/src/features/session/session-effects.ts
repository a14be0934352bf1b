import { sessionExpired } from '@paygate/api';
import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import {
  clearSessionMarker,
  forgetPendingSignOut,
  rememberPendingSignOut,
} from './session-memory.ts';
import { signedIn, signOutCompleted, signOutRequested } from './session-slice.ts';

/**
 * Keeps the browser's memory of the session (session-memory.ts) in step with the session
 * actions:
 * - a requested sign-out is remembered until the server confirms it, and the marker goes at
 *   once, so neither a reload nor a new tab believes a session exists meanwhile;
 * - a 401 means the session is dead: the marker goes (a start without it asks nothing);
 * - the server's confirmation, or a new sign-in, forgets the pending sign-out.
 */
export const registerSessionMemory = (listener: ListenerMiddlewareInstance): void => {
  listener.startListening({
    actionCreator: signOutRequested,
    effect: () => {
      rememberPendingSignOut();
      clearSessionMarker();
    },
  });
  listener.startListening({
    actionCreator: sessionExpired,
    effect: () => clearSessionMarker(),
  });
  listener.startListening({
    actionCreator: signOutCompleted,
    effect: () => {
      forgetPendingSignOut();
      clearSessionMarker();
    },
  });
  listener.startListening({
    actionCreator: signedIn,
    effect: () => forgetPendingSignOut(),
  });
};
