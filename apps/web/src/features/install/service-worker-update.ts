/**
 * Watches for a new version of the app: the new service worker installs in the background and
 * waits; `onUpdate` is told, and the new version takes over only when `apply` is called (then the
 * page reloads once the new worker controls it). Nothing reloads on its own.
 */
export function watchForUpdate(onUpdate: (apply: () => void) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  const container = navigator.serviceWorker;
  let stopped = false;
  let announced: ServiceWorker | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  const announce = (worker: ServiceWorker) => {
    if (stopped || announced === worker || !container.controller) return;
    announced = worker;
    onUpdate(() => {
      container.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  };

  void container.getRegistration().then((registration) => {
    if (!registration || stopped) return;
    if (registration.waiting) announce(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed' && registration.waiting)
          announce(registration.waiting);
      });
    });
    // A long session also learns of a release: look again every hour.
    timer = setInterval(() => void registration.update().catch(() => undefined), 3_600_000);
  });

  return () => {
    stopped = true;
    if (timer) clearInterval(timer);
  };
}
