/**
 * The answers a gated page's first screen waits for (who is signed in, the profile, the page's own
 * data), asked for by an inline script in index.html while the page's code downloads rather than
 * after it ran. The API client takes each answer for the first read of the same path.
 */
interface EarlyReads {
  responses: Record<string, Promise<Response> | undefined>;
  /** Set once answers could describe someone else, or be stale: nothing more is asked early. */
  closed: boolean;
}

function earlyReads(): EarlyReads | undefined {
  return typeof window === 'undefined'
    ? undefined
    : (window as { __verbaEarlyReads?: EarlyReads }).__verbaEarlyReads;
}

/** The early answer for `path`, once: later reads go to the network as usual. */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const reads = earlyReads();
  if (!reads) return undefined;
  const response = reads.responses[path];
  delete reads.responses[path];
  // The app has read the profile itself: one asked for later would be no fresher than its own.
  if (path === '/api/profile') reads.closed = true;
  return response;
}

/** Drops answers not yet used: after a write (signing in or out among them) they may be stale. */
export function forgetEarlyResponses(): void {
  const reads = earlyReads();
  if (!reads) return;
  reads.responses = {};
  reads.closed = true;
}
