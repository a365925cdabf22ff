import { useOutboxSync } from '@/lib/outbox/use-outbox-sync';
import { useWordsOnDevice } from '@/lib/outbox/words-on-device';
import { OfflineMark } from './offline-mark';

/**
 * Practice away from the server, kept ready while a learner is signed in: the words due soonest
 * stay on the device (to start practice offline), practice made offline is sent to the server,
 * and the offline mark says how it stands.
 */
export function OfflinePractice() {
  useWordsOnDevice();
  useOutboxSync();
  return <OfflineMark />;
}
