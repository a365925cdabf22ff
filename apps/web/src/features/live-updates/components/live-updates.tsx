import { useAfterFirstPaint } from '@/lib/core/after-paint';
import { useLiveUpdates } from '../hooks/use-live-updates';

/**
 * Keeps the signed-in app's cached data in step with changes made anywhere (other tabs too). The
 * stream opens once the first screen is painted.
 */
export function LiveUpdates() {
  useLiveUpdates(useAfterFirstPaint());
  return null;
}
