import type { Toast } from '@paygate/ui';
import { useEffect, useRef } from 'react';
import { useAppStore } from '../../app/store.ts';
import { showAlertToast } from './alert-toast.tsx';
import { createLiveCache } from './live-cache.ts';
import { createLiveEventClient } from './live-event-client.ts';
import { LIVE_EVENTS_URL } from './live-events.ts';
import { createSessionCheck } from './session-check.ts';

export interface LiveUpdatesOptions {
  /** The app's toasts (`useToast()`): alerts opening and closing are shown with them. */
  toast: Toast;
}

/**
 * Keeps the signed-in screens live (issue 25 items 2 to 4): one stream of GET
 * /api/v1/live-events for as long as the signed-in frame is shown, its events turned into cache
 * work and alert toasts (live-cache.ts). A failing stream checks the session (session-check.ts),
 * so an expired one signs out instead of retrying for ever. Mounted once, by the layout; signing
 * out unmounts it and ends the stream. Where the browser has no EventSource (tests without one)
 * nothing happens.
 */
export const useLiveUpdates = ({ toast }: LiveUpdatesOptions) => {
  const store = useAppStore();
  // The latest toast API, without reopening the stream when it changes.
  const toastRef = useRef(toast);
  toastRef.current = toast;
  useEffect(() => {
    if (typeof globalThis.EventSource !== 'function') return;
    const cache = createLiveCache(store, {
      showAlert: (alert) => showAlertToast(toastRef.current, alert),
    });
    const client = createLiveEventClient({
      url: LIVE_EVENTS_URL,
      eventNames: cache.eventNames,
      onEvent: cache.handle,
      onResync: cache.resync,
      checkSession: createSessionCheck(store.dispatch),
    });
    client.start();
    return () => {
      client.stop();
      cache.dispose();
    };
  }, [store]);
};
