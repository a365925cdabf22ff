import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted the screen that render produced
 * and has a moment to spare. Work the screen does not show (live updates, analytics, warming the
 * next tab) waits for it, so it never competes with the first paint of a page.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const done = () => setPainted(true);
    // A frame callback runs just before the paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (typeof requestIdleCallback === 'function') {
          idle = requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
        } else {
          timer = setTimeout(done, NO_IDLE_DELAY_MS);
        }
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, []);
  return painted;
}

// A page still busy drawing gets at most this long before the deferred work starts anyway.
const IDLE_TIMEOUT_MS = 2000;
// Browsers without idle callbacks (Safari) wait a short, fixed time instead.
const NO_IDLE_DELAY_MS = 200;
