import { lazy, Suspense } from 'react';

const OfflinePractice = lazy(() =>
  import('./offline-practice').then((m) => ({ default: m.OfflinePractice })),
);

/**
 * The small mark the signed-in app shows above each screen while it cannot reach the server or
 * practice waits on the device to be synced (`OfflineMark`); the screens meanwhile show what the
 * device last knew. It takes its own line rather than floating over the page's title. The polite
 * live region is there from the start, so a screen reader hears each change without being
 * interrupted; what it says, with what keeps practice ready offline, is loaded apart from the
 * page's code and never holds up its first paint.
 */
export function OfflineBadge() {
  return (
    <div role="status" className="flex justify-center">
      <Suspense fallback={null}>
        <OfflinePractice />
      </Suspense>
    </div>
  );
}
