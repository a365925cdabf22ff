import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '../../testing/harness.ts';

let bare: TestHarness;
let equipped: TestHarness;
beforeAll(async () => {
  // The embedded default: no AI provider, no analytics.
  bare = await TestHarness.start();
  equipped = await TestHarness.onDatabase(bare.database, {
    env: {
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_MODEL: 'some-model',
      POSTHOG_KEY: 'phc_public_key',
      POSTHOG_HOST: 'https://eu.posthog.example/',
    },
  });
});
afterAll(() => bare.close());

describe('GET /api/config', () => {
  it('tells the app a server without a provider has no AI and no analytics', async () => {
    const user = await bare.signUp();
    const response = await bare.request('/api/config', { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      aiProvider: false,
      posthogKey: null,
      posthogHost: 'https://us.i.posthog.com',
    });
  });

  it('says an AI provider is set up, and where analytics go, without any secret', async () => {
    const user = await equipped.signUp();
    const response = await equipped.request('/api/config', { cookie: user.cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      aiProvider: true,
      posthogKey: 'phc_public_key',
      posthogHost: 'https://eu.posthog.example',
    });
    expect(JSON.stringify(body)).not.toContain('127.0.0.1');
    expect(JSON.stringify(body)).not.toContain('some-model');
  });

  it('is for signed-in users only', async () => {
    const response = await bare.request('/api/config');
    expect(response.status).toBe(401);
  });
});
