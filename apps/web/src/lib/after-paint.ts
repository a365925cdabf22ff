import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted the screen that render produced.
 * Work the screen does not show (live updates, analytics, warming the next tab) waits for it, so
 * it never holds up the first paint of a page.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
