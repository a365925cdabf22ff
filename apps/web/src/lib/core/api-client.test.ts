import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';

const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('502, 503 and 504 are retryable (spec §8)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it.each([502, 503, 504])('a read answered %i is asked again', async (status) => {
    vi.useFakeTimers();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(status))
      .mockResolvedValueOnce(json(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetch);
    const result = api.get<{ ok: number }>('/api/profile');
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives up after the retries and reports the failure', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn((url: string) =>
      Promise.resolve(url === '/api/client-errors' ? json(202) : json(503)),
    );
    vi.stubGlobal('fetch', fetch);
    const result = api.get('/api/words').catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await result).toMatchObject({ status: 503 });
    const calls = fetch.mock.calls.map(([url]) => url);
    expect(calls.filter((url) => url === '/api/words')).toHaveLength(3);
    expect(calls.filter((url) => url === '/api/client-errors')).toHaveLength(1);
  });

  it('does not repeat a write; a 4xx is neither repeated nor reported', async () => {
    const fetch = vi.fn((_url: string) => Promise.resolve(json(503)));
    vi.stubGlobal('fetch', fetch);
    // The 503 is reported, and the report is refused too: that is only logged (spec §8).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api.post('/api/feedback', {})).rejects.toMatchObject({ status: 503 });
    expect(fetch.mock.calls.filter(([url]) => url === '/api/feedback')).toHaveLength(1);
    await vi.waitFor(() =>
      expect(logged).toHaveBeenCalledWith('The error report was refused (503)'),
    );
    logged.mockRestore();

    const fetch400 = vi.fn(() => Promise.resolve(json(400)));
    vi.stubGlobal('fetch', fetch400);
    await expect(api.get('/api/words')).rejects.toMatchObject({ status: 400 });
    expect(fetch400).toHaveBeenCalledTimes(1);
  });
});
