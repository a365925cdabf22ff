import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useAfterFirstPaint } from '@/lib/core/after-paint';
import { configureAnalytics, track } from '@/lib/analytics';
import { useProfile } from '@/lib/core/profile';
import { serverConfigQueryOptions } from '@/lib/server-config';
import { milestoneKey, newMilestones, rememberMilestones, sentMilestones } from '../milestones';

/** Page time shorter than this is not reported (spec §9 "Timing"). */
const MIN_PAGE_TIME_MS = 1000;

let openedSent = false;

/**
 * Connects the signed-in app to analytics: applies the server's key and the learner's choice,
 * sends page views, time on page and profile milestones, and pwa_opened for the installed app.
 * Renders nothing.
 */
export function AnalyticsBridge() {
  const { data: profile } = useProfile();
  // The key is asked for once the first screen is painted; events wait for it anyway.
  const painted = useAfterFirstPaint();
  const { data: config } = useQuery({ ...serverConfigQueryOptions(), enabled: painted });
  const location = useLocation();
  const enabled = profile?.analyticsEnabled;

  useEffect(() => {
    if (!config || enabled === undefined) return;
    configureAnalytics({ key: config.posthogKey, host: config.posthogHost, enabled });
  }, [config, enabled]);

  useEffect(() => {
    if (openedSent) return;
    openedSent = true;
    if (window.matchMedia?.('(display-mode: standalone)').matches) track('pwa_opened');
  }, []);

  const pathname = location.pathname;
  useEffect(() => {
    const started = performance.now();
    track('$pageview', { $current_url: window.location.origin + pathname, path: pathname });
    return () => {
      const spent = performance.now() - started;
      if (spent > MIN_PAGE_TIME_MS) {
        track('time_on_page', { path: pathname, seconds: Math.round(spent / 1000) });
      }
    };
  }, [pathname]);

  useEffect(() => {
    if (!profile) return;
    const sent = sentMilestones(profile.id);
    const reached = newMilestones(profile, sent);
    if (reached.length === 0) return;
    for (const milestone of reached) {
      track('milestone_reached', { kind: milestone.kind, value: milestone.value });
      sent.add(milestoneKey(milestone));
    }
    rememberMilestones(profile.id, sent);
  }, [profile]);

  return null;
}
