/**
 * The reads every gated screen waits for before it can paint (who is signed in, then their
 * profile), started by the entry while the page's code is still downloading instead of after it
 * ran. The API client hands each answer to the first read of the same path (lib/api-client.ts).
 * Kept free of imports: it is part of the entry every page loads.
 */
const SESSION_PATH = '/api/auth/get-session';
const PROFILE_PATH = '/api/profile';
// The pages behind the route gates (lib/gating.ts).
const GATED = /^\/(app|auth|onboarding)(\/|$)/;

const pending = new Map<string, Promise<Response>>();
// Once the app has read the profile itself, an early answer arriving later would only go stale.
let profileRead = false;

function start(path: string): Promise<Response> {
  const response = fetch(path, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  pending.set(path, response);
  // Without a network the read is asked again when the app wants it, not answered from here.
  response.catch(() => {
    if (pending.get(path) === response) pending.delete(path);
  });
  return response;
}

/** Starts the session read, and the profile read once the session names a user. */
export function startEarlyRequests(pathname: string): void {
  if (!GATED.test(pathname) || typeof fetch !== 'function') return;
  const session = start(SESSION_PATH);
  // Failures here are left to the API client, which reads the same answer.
  session
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((body: unknown) => {
      const user = body && typeof body === 'object' && 'user' in body ? body.user : null;
      if (user && !profileRead) start(PROFILE_PATH);
    })
    .catch(() => undefined);
}

/** The early answer for `path`, once: later reads go to the network as usual. */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const response = pending.get(path);
  pending.delete(path);
  if (path === PROFILE_PATH) profileRead = true;
  return response;
}

/** Drops answers not yet used: after a sign-in or sign-out they describe someone else. */
export function forgetEarlyResponses(): void {
  pending.clear();
  profileRead = true;
}
