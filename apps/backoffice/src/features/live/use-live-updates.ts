import { useEffect } from 'react';
import { useAppStore } from '../../app/store.ts';
import { createLiveCache } from './live-cache.ts';
import { createLiveEventClient } from './live-event-client.ts';
import { LIVE_EVENTS_URL } from './live-events.ts';

/**
 * Keeps the signed-in screens live (issue 25 items 2 and 4): one stream of GET
 * /api/v1/live-events for as long as the signed-in frame is shown, its events turned into cache
 * work (live-cache.ts). Mounted once, by the layout; signing out unmounts it and ends the stream.
 * Where the browser has no EventSource (tests without one) nothing happens.
 */
export const useLiveUpdates = () => {
  const store = useAppStore();
  useEffect(() => {
    if (typeof globalThis.EventSource !== 'function') return;
    const cache = createLiveCache(store);
    const client = createLiveEventClient({
      url: LIVE_EVENTS_URL,
      eventNames: cache.eventNames,
      onEvent: cache.handle,
      onResync: cache.resync,
    });
    client.start();
    return () => {
      client.stop();
      cache.dispose();
    };
  }, [store]);
};
