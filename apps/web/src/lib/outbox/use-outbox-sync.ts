import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '../core/auth';
import { forgetOutboxStatus } from './outbox-status';

/**
 * Sends the signed-in learner's outbox now (the app starting) and at every later occasion, until
 * they sign out; another learner's outbox is never touched.
 */
export function useOutboxSync(): void {
  // The route gate has just asked who is signed in; reading it here asks nothing more.
  const learnerId = useQuery({
    ...sessionQueryOptions(),
    refetchOnMount: false,
    select: (user) => user?.id,
  }).data;
  useEffect(() => {
    if (!learnerId) return;
    let stop: (() => void) | undefined;
    let left = false;
    // The outbox and its sending (IndexedDB) are loaded now: no first screen needs them.
    void import('./outbox-sync').then(
      (outbox) => {
        if (!left) stop = outbox.startOutboxSync(learnerId);
      },
      () => undefined,
    );
    return () => {
      left = true;
      stop?.();
      forgetOutboxStatus();
    };
  }, [learnerId]);
}
