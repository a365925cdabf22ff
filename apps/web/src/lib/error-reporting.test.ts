import { CLIENT_ERROR_LIMITS, clientErrorSchema } from '@verba/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildErrorEvent, reportApiError, reportError } from './error-reporting';

describe('the error event payload (spec §3)', () => {
  it('carries the message, stack, component, action, timestamp and metadata', () => {
    const error = new Error('Boom');
    const event = buildErrorEvent(
      error,
      { component: 'ErrorBoundary', action: 'component_error', metadata: { route: '/app/feed' } },
      new Date('2026-11-23T10:00:00.000Z'),
    );
    expect(event).toMatchObject({
      error_message: 'Boom',
      component: 'ErrorBoundary',
      action: 'component_error',
      timestamp: '2026-11-23T10:00:00.000Z',
      metadata: { route: '/app/feed' },
    });
    expect(event.error_stack).toContain('Boom');
    expect(clientErrorSchema.safeParse(event).success).toBe(true);
  });

  it('always fits the server caps and refusals, whatever was thrown', () => {
    const error = new Error(`x\u0000y${'m'.repeat(5000)}`);
    error.stack = 's'.repeat(20_000);
    const event = buildErrorEvent(error, {
      component: 'c'.repeat(500),
      action: '',
      metadata: Object.fromEntries(
        Array.from({ length: 40 }, (_, i) => [`k${i}`, 'v'.repeat(900)]),
      ),
    });
    expect(event.error_message.length).toBeLessThanOrEqual(CLIENT_ERROR_LIMITS.message);
    expect(event.error_stack?.length).toBeLessThanOrEqual(CLIENT_ERROR_LIMITS.stack);
    expect(Object.keys(event.metadata ?? {})).toHaveLength(CLIENT_ERROR_LIMITS.metadataKeys);
    expect(clientErrorSchema.safeParse(event).success).toBe(true);
    expect(
      clientErrorSchema.safeParse(buildErrorEvent('plain text', { component: 'X', action: 'y' }))
        .success,
    ).toBe(true);
    expect(
      clientErrorSchema.safeParse(buildErrorEvent(undefined, { component: 'X', action: 'y' }))
        .success,
    ).toBe(true);
  });
});

describe('sending a report', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts an API failure with component API, the endpoint as action and the status code', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
    vi.stubGlobal('fetch', fetch);
    reportApiError(new Error('Request failed (503)'), '/api/words?search=secret', 503);
    await Promise.resolve();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/client-errors');
    expect(JSON.parse(String(init.body))).toMatchObject({
      component: 'API',
      action: '/api/words',
      metadata: { status_code: 503, endpoint: '/api/words' },
    });
  });

  it('only logs to the console when reporting fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('offline'))),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => reportError(new Error('Boom'), { component: 'X', action: 'y' })).not.toThrow();
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    log.mockRestore();
  });
});
