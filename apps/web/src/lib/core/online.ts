import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the app can reach its server. The browser's `navigator.onLine` only says whether the
 * device has a network at all: on a Wi-Fi without internet, with the server down, or on a page
 * opened from the service worker in some browsers it stays true while every request fails. So a
 * request that fails before any answer arrives also counts as offline, until an answer arrives
 * again (any answer, even an error: the server was reached).
 *
 * TanStack Query follows the same state: a read that fails while the server cannot be reached is
 * paused, not failed, so every screen keeps what the device last knew and asks again by itself
 * once the server answers.
 */

/** How often the server is asked whether it answers again, while it does not. */
export const RECONNECT_CHECK_MS = 5_000;
const HEALTH_PATH = '/api/health';

let unreachable = false;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Called by the API client after each request: whether the server answered it. */
export function noteServerReached(reached: boolean): void {
  if (reached === !unreachable) return;
  unreachable = !reached;
  notify();
  if (reached) {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
  } else {
    scheduleReconnectCheck();
  }
}

/**
 * While the server cannot be reached, asks it now and then whether it answers again: a browser
 * whose network never said it was gone will not say it is back either.
 */
function scheduleReconnectCheck() {
  if (reconnectTimer !== undefined) return;
  reconnectTimer = setTimeout(() => {
    reconnectTimer = undefined;
    if (!unreachable) return;
    fetch(HEALTH_PATH, { cache: 'no-store' }).then(
      () => noteServerReached(true),
      () => scheduleReconnectCheck(),
    );
  }, RECONNECT_CHECK_MS);
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // The browser's own word on the network, where there is a browser.
  const browser = typeof window === 'undefined' ? undefined : window;
  browser?.addEventListener('online', onChange);
  browser?.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    browser?.removeEventListener('online', onChange);
    browser?.removeEventListener('offline', onChange);
  };
}

/** Calls `onChange` whenever whether the server can be reached may have changed; returns the way to stop. */
export const onReachabilityChange = subscribe;

/** Whether the app can reach its server now; actions that need it say so when it cannot. */
export function isOnline(): boolean {
  return (typeof navigator === 'undefined' || navigator.onLine) && !unreachable;
}

onlineManager.setEventListener((setOnline) => {
  const update = () => setOnline(isOnline());
  update();
  return subscribe(update);
});

/** Whether the app can reach its server; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
