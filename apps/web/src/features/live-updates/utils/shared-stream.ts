import type { StreamMessage } from './event-stream';

/** The parts of the Web Locks API the shared stream uses (navigator.locks). */
export interface Locks {
  request(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void> | void,
  ): Promise<unknown>;
}

export interface SharedStreamOptions {
  /** One name per learner: tabs of another account never share a stream. */
  name: string;
  /** Opens the real stream, reporting to `emit`; returns the function that closes it. */
  open: (emit: (message: StreamMessage) => void, options: { resumed: boolean }) => () => void;
  /** Applies a message in this tab. */
  deliver: (message: StreamMessage) => void;
  /** null: none (each tab then opens its own stream). */
  locks?: Locks | null | undefined;
  createChannel?: ((name: string) => BroadcastChannel) | null | undefined;
}

/**
 * One live-updates stream per browser and learner, however many tabs are open: the tab holding
 * the Web Lock named `name` (the leader) opens the stream, applies each message and broadcasts it
 * to the other tabs on a BroadcastChannel of the same name; they wait in the lock's queue, and
 * when the leader's tab closes the next one takes the lock and opens the stream itself, asking
 * for everything again (changes may have come while no tab held it). Without Web Locks (an
 * insecure context) or BroadcastChannel each tab opens its own stream. Returns the function that
 * leaves: a leader closes its stream and hands over, a waiting tab leaves the queue.
 */
export function joinSharedStream({
  name,
  open,
  deliver,
  locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as Locks | undefined),
  createChannel = typeof BroadcastChannel === 'undefined'
    ? undefined
    : (channelName) => new BroadcastChannel(channelName),
}: SharedStreamOptions): () => void {
  if (!locks || !createChannel) return open(deliver, { resumed: false });

  const channel = createChannel(name);
  // Only followers hear these: a channel never hears its own messages.
  channel.onmessage = (event: MessageEvent<StreamMessage>) => deliver(event.data);
  const leaving = new AbortController();
  let stopLeading: (() => void) | undefined;

  const lead = (resumed: boolean) =>
    new Promise<void>((resolve) => {
      if (leaving.signal.aborted) return resolve();
      const close = open(
        (message) => {
          deliver(message);
          channel.postMessage(message);
        },
        { resumed },
      );
      stopLeading = () => {
        close();
        resolve();
      };
    });

  let ledAtOnce = false;
  void locks
    .request(name, { ifAvailable: true }, (lock) => {
      if (!lock) return;
      ledAtOnce = true;
      return lead(false);
    })
    .then(() => {
      if (ledAtOnce || leaving.signal.aborted) return;
      return locks.request(name, { signal: leaving.signal }, () => lead(true));
    })
    .catch(() => {
      // Leaving while queued aborts the request. A document refused the lock (sandboxed) keeps
      // its own stream.
      if (!leaving.signal.aborted) stopLeading = open(deliver, { resumed: true });
    });

  return () => {
    leaving.abort();
    stopLeading?.();
    channel.close();
  };
}
