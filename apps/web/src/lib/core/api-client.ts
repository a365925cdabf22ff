import { isRetryableStatus } from '@verba/shared';
import { ApiError, NETWORK_ERROR, toApiError } from './api-error';
import { forgetEarlyResponses, takeEarlyResponse } from './early-requests';
import { noteServerReached } from './online';
import { reportApiError } from '../error-reporting';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
import { clearPersistedQueries } from './query-persistence';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface RequestOptions {
  /** JSON, or a file (a Blob) sent as it is: an upload. */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** An RFC 7240 preference, e.g. `return=minimal` for a write whose result the app folds in. */
  prefer?: string;
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * Waits before each repeat of a read the server answered 502, 503 or 504 (spec §8: retryable):
 * a proxy or a restarting server usually answers again within a second. Writes are not repeated
 * here (the server may have done them); their callers decide.
 */
export const RETRY_DELAYS_MS = [300, 1000];

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/** Auth endpoints answer 401 for wrong credentials; that is no sign of an expired session. */
function isAuthCall(path: string): boolean {
  return path.startsWith('/api/auth/');
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The one way the web app talks to the API: same-origin JSON with the session cookie. Writes
 * always carry a JSON body (the API accepts nothing else), but uploads, which carry the file.
 * Failures become an ApiError.
 */
async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const isWrite = method !== 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  const file = options.body instanceof Blob ? options.body : undefined;
  if (isWrite) headers['Content-Type'] = file ? 'application/octet-stream' : 'application/json';
  if (options.prefer) headers.Prefer = options.prefer;
  // A write (signing in or out among them) may change what an unused early read would say.
  if (isWrite) forgetEarlyResponses();

  let response: Response;
  for (let attempt = 0; ; attempt++) {
    const early = attempt === 0 && !isWrite ? takeEarlyResponse(path) : undefined;
    try {
      response = await (early ??
        fetch(path, {
          method,
          headers,
          credentials: 'same-origin',
          body: isWrite ? (file ?? JSON.stringify(options.body ?? {})) : undefined,
          signal: options.signal,
        }));
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      noteServerReached(false);
      throw new ApiError({ status: 0, code: NETWORK_ERROR, message: NETWORK_MESSAGE });
    }
    noteServerReached(true);
    const delay = RETRY_DELAYS_MS[attempt];
    if (isWrite || !isRetryableStatus(response.status) || delay === undefined) break;
    await wait(delay, options.signal ?? undefined);
  }

  const body = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && !isAuthCall(path)) {
      // The session ended on the server: forget it so the route gates send the user to sign in.
      queryClient.setQueryData(queryKeys.session, null);
      queryClient.removeQueries({ queryKey: queryKeys.profile });
      clearPersistedQueries();
    }
    const error = toApiError(response.status, body, `Request failed (${response.status})`);
    // The server's own failures are reported; a 4xx is an answer, not a fault.
    if (response.status >= 500) reportApiError(error, path, response.status);
    throw error;
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Pick<RequestOptions, 'prefer' | 'signal'>) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
};
