/**
 * Product analytics, one module for the whole app (spec §4 "Analytics", §7 "Other"). PostHog is
 * loaded only when the server has a POSTHOG_KEY and the learner's analytics_enabled allows it; until
 * then events wait in a short queue, and when either says no, nothing leaves the browser.
 */
export type AnalyticsValue = string | number | boolean | null;
export type AnalyticsProperties = Record<string, AnalyticsValue>;

export interface AnalyticsSettings {
  /** The server's POSTHOG_KEY; null when analytics are not set up. */
  key: string | null;
  host: string;
  /** The learner's analytics_enabled. */
  enabled: boolean;
}

interface Client {
  capture: (event: string, properties?: AnalyticsProperties) => unknown;
  opt_in_capturing: () => void;
  opt_out_capturing: () => void;
}

const QUEUE_LIMIT = 50;
let queue: [string, AnalyticsProperties | undefined][] = [];
let settings: AnalyticsSettings | null = null;
let client: Client | null = null;
let loading: Promise<void> | null = null;

function allowed(): boolean {
  return settings !== null && settings.key !== null && settings.enabled;
}

function flush() {
  if (!client || !allowed()) return;
  const waiting = queue;
  queue = [];
  for (const [event, properties] of waiting) client.capture(event, properties);
}

async function load(key: string, host: string): Promise<void> {
  const { default: posthog } = await import('posthog-js');
  posthog.init(key, {
    api_host: host,
    persistence: 'localStorage',
    autocapture: true,
    // Page views are sent by the app on every route change (features/analytics).
    capture_pageview: false,
    capture_pageleave: false,
    disable_session_recording: true,
    disable_surveys: true,
    disable_external_dependency_loading: true,
    person_profiles: 'identified_only',
  });
  client = posthog as unknown as Client;
}

/** Applies the server's key and the learner's choice; loads PostHog the first time both allow. */
export function configureAnalytics(next: AnalyticsSettings): void {
  settings = next;
  if (!next.key || !next.enabled) {
    queue = [];
    client?.opt_out_capturing();
    return;
  }
  if (client) {
    client.opt_in_capturing();
    flush();
    return;
  }
  loading ??= load(next.key, next.host)
    .then(flush)
    .catch((error: unknown) => {
      loading = null;
      console.error('Analytics could not load', error);
    });
}

/** Records an event, if analytics are allowed; before the settings are known it waits. */
export function track(event: string, properties?: AnalyticsProperties): void {
  if (settings !== null && !allowed()) return;
  if (client) {
    client.capture(event, properties);
    return;
  }
  queue.push([event, properties]);
  if (queue.length > QUEUE_LIMIT) queue.shift();
}

/** Whether PostHog has been loaded (for tests and diagnostics). */
export function analyticsLoaded(): boolean {
  return client !== null;
}

/** Forgets everything: used when the learner signs out. */
export function resetAnalytics(): void {
  queue = [];
  (client as { reset?: () => void } | null)?.reset?.();
}
