import { describe, expect, it } from 'vitest';
import { analyticsLoaded, configureAnalytics, track } from './analytics';

describe('analytics', () => {
  it('never loads PostHog without a key, whatever the learner chose', async () => {
    track('$pageview', { path: '/app/feed' });
    configureAnalytics({ key: null, host: 'https://us.i.posthog.com', enabled: true });
    track('user_logged_out');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(analyticsLoaded()).toBe(false);
  });

  it('never loads PostHog when the learner switched analytics off', async () => {
    configureAnalytics({ key: 'phc_test', host: 'https://us.i.posthog.com', enabled: false });
    track('pwa_opened');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(analyticsLoaded()).toBe(false);
  });
});
