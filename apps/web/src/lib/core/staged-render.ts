import { startTransition, useEffect, useState } from 'react';

// Only the first staged screen of a page load is drawn in stages: usually the page the visit
// starts on, where it competes with the app's start-up. Opened again later, a screen draws at
// once (and scroll restoration finds the whole page).
let firstScreenStaged = false;

/**
 * How many of a screen's `stages` to draw: 1 on the first render of the first staged screen this
 * page load shows, then one more each time the previous stage is on screen, until all are. Each
 * further stage is a background render of its own (React can pause it, and its commit is a task
 * of its own), so a long screen never blocks the main thread in one long task at start-up. The
 * first stage should hold what the first screenful shows; later stages only add below it, so
 * nothing on screen moves.
 */
export function useStagedRender(stages: number): number {
  const [stage, setStage] = useState(() => (firstScreenStaged ? stages : 1));
  useEffect(() => {
    firstScreenStaged = true;
    if (stage >= stages) return;
    // A task of its own, after this stage's commit, so the browser can paint and answer input
    // before the next stage is drawn.
    const timer = setTimeout(() => startTransition(() => setStage((s) => s + 1)), 0);
    return () => clearTimeout(timer);
  }, [stage, stages]);
  return stage;
}
