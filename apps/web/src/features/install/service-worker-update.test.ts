import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchForUpdate } from './service-worker-update';

class FakeWorker extends EventTarget {
  state = 'installing';
  postMessage = vi.fn();
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = vi.fn(() => Promise.resolve());
}

function setUp(options: { controlled: boolean; waiting?: boolean }) {
  const registration = new FakeRegistration();
  if (options.waiting) registration.waiting = new FakeWorker();
  const container = Object.assign(new EventTarget(), {
    controller: options.controlled ? {} : null,
    getRegistration: () => Promise.resolve(registration),
  });
  const reload = vi.fn();
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('window', { location: { reload } });
  return { registration, container, reload };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the update prompt', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('announces a waiting version and switches to it only when asked, then reloads', async () => {
    const { registration, container, reload } = setUp({ controlled: true, waiting: true });
    const onUpdate = vi.fn();
    const stop = watchForUpdate(onUpdate);
    await flush();
    expect(onUpdate).toHaveBeenCalledTimes(1);
    const waiting = registration.waiting as FakeWorker;
    expect(waiting.postMessage).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    (onUpdate.mock.calls[0]?.[0] as () => void)();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('announces a version found during the session once it has installed', async () => {
    const { registration } = setUp({ controlled: true });
    const onUpdate = vi.fn();
    const stop = watchForUpdate(onUpdate);
    await flush();
    expect(onUpdate).not.toHaveBeenCalled();
    const worker = new FakeWorker();
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    worker.state = 'installed';
    registration.waiting = worker;
    worker.dispatchEvent(new Event('statechange'));
    expect(onUpdate).toHaveBeenCalledTimes(1);
    stop();
  });

  it('says nothing on the first visit, when no older version controls the page', async () => {
    setUp({ controlled: false, waiting: true });
    const onUpdate = vi.fn();
    const stop = watchForUpdate(onUpdate);
    await flush();
    expect(onUpdate).not.toHaveBeenCalled();
    stop();
  });
});
