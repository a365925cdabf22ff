/**
 * Live updates as DOM events on `window`, so any feature can react to a change announced by the
 * server (features do not import each other). The live-updates feature dispatches them.
 */
export const LIVE_UPDATE_EVENT = 'verba:live-update';

export interface LiveUpdate {
  /** One of the server's changes in `STALE_AFTER` (lib/core/query-invalidation.ts), or 'reset'. */
  kind: string;
  id?: string;
}

export function dispatchLiveUpdate(update: LiveUpdate): void {
  window.dispatchEvent(new CustomEvent<LiveUpdate>(LIVE_UPDATE_EVENT, { detail: update }));
}

/** Calls `listener` for every live update; returns the function that stops listening. */
export function onLiveUpdate(listener: (update: LiveUpdate) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<LiveUpdate>).detail);
  window.addEventListener(LIVE_UPDATE_EVENT, handler);
  return () => window.removeEventListener(LIVE_UPDATE_EVENT, handler);
}
