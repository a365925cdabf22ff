import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { QueryClient } from '@tanstack/react-query';
import { isOnline, noteServerReached, RECONNECT_CHECK_MS } from './online';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
const ok = () =>
  new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('whether the app can reach its server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true });
  });
  afterEach(() => {
    noteServerReached(true);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is offline after a request fails before any answer, and online at the next answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/api/profile')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(isOnline()).toBe(false);

    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 404 })));
    await expect(api.get('/api/profile')).rejects.toMatchObject({ status: 404 });
    // Any answer, even an error, means the server was reached.
    expect(isOnline()).toBe(true);
  });

  it('is offline whenever the browser says it has no network', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(isOnline()).toBe(false);
  });

  it('asks the server now and then until it answers', async () => {
    const health = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(ok());
    vi.stubGlobal('fetch', health);

    noteServerReached(false);
    expect(health).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RECONNECT_CHECK_MS);
    expect(health).toHaveBeenCalledWith('/api/health', { cache: 'no-store' });
    expect(isOnline()).toBe(false);

    await vi.advanceTimersByTimeAsync(RECONNECT_CHECK_MS);
    expect(health).toHaveBeenCalledTimes(2);
    expect(isOnline()).toBe(true);

    // Reached: no more checks.
    await vi.advanceTimersByTimeAsync(RECONNECT_CHECK_MS * 3);
    expect(health).toHaveBeenCalledTimes(2);
  });

  it('pauses a read that fails offline, keeping what was known, and resumes it once reached', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });
    // As the app's provider does: the client then hears when the connection is back.
    queryClient.mount();
    const key = ['profile'];
    queryClient.setQueryData(key, { name: 'known' });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const refetch = queryClient.fetchQuery({
      queryKey: key,
      queryFn: () => api.get('/api/profile'),
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(queryClient.getQueryState(key)).toMatchObject({
      status: 'success',
      fetchStatus: 'paused',
      data: { name: 'known' },
    });

    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(url === '/api/profile' ? json({ name: 'new' }) : ok()),
      ),
    );
    await vi.advanceTimersByTimeAsync(RECONNECT_CHECK_MS);
    await refetch;
    expect(queryClient.getQueryState(key)).toMatchObject({
      status: 'success',
      fetchStatus: 'idle',
      data: { name: 'new' },
    });
    queryClient.unmount();
  });
});
