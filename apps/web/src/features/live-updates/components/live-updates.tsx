import { useLiveUpdates } from '../hooks/use-live-updates';

/** Keeps the signed-in app's cached data in step with changes made anywhere (other tabs too). */
export function LiveUpdates() {
  useLiveUpdates();
  return null;
}
