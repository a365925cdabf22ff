import { ApiError, NETWORK_ERROR, toApiError } from './api-error';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
import { clearPersistedQueries } from './query-persistence';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal | undefined;
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

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
 * always carry a JSON body (the API accepts nothing else). Failures become an ApiError.
 */
async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const isWrite = method !== 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (isWrite) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: isWrite ? JSON.stringify(options.body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: NETWORK_ERROR, message: NETWORK_MESSAGE });
  }

  const body = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && !isAuthCall(path)) {
      // The session ended on the server: forget it so the route gates send the user to sign in.
      queryClient.setQueryData(queryKeys.session, null);
      queryClient.removeQueries({ queryKey: queryKeys.profile });
      clearPersistedQueries();
    }
    throw toApiError(response.status, body, `Request failed (${response.status})`);
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
};
