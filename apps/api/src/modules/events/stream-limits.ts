/**
 * Live-update streams one learner may hold open in one process. A browser shares one stream
 * between its tabs, so ten is ten devices; the eleventh closes the oldest.
 */
export const STREAMS_PER_LEARNER = 10;
/**
 * Streams one address may hold open in one process, whatever the accounts behind it: a classroom
 * behind one router fits; beyond it a new stream is refused, so nobody at the address can push
 * the others' streams out.
 */
export const STREAMS_PER_ADDRESS = 100;

export interface StreamSlot {
  /** Gives the slot back when the stream ends; safe to call more than once. */
  release: () => void;
}

/**
 * The open streams of this process, by learner and by address. Each stream holds about 125 KB,
 * so the caps bound what one account or one address can make the process hold. They are per
 * process (decision 014): behind a load balancer of N processes a learner may hold up to
 * N × STREAMS_PER_LEARNER, and each process's memory stays bounded all the same.
 */
export class StreamLimits {
  /** Each learner's open streams, oldest first. */
  private readonly byLearner = new Map<string, OpenStream[]>();
  private readonly byAddress = new Map<string, number>();

  constructor(
    private readonly perLearner = STREAMS_PER_LEARNER,
    private readonly perAddress = STREAMS_PER_ADDRESS,
  ) {}

  /**
   * A slot for a new stream, or null when the address holds its share already. When the learner
   * holds their share, their oldest stream gives its slot back at once and is asked to close
   * (its `replace` is called); the new one takes its place.
   */
  open(learnerId: string, address: string, replace: () => void): StreamSlot | null {
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (fromAddress >= this.perAddress) return null;
    this.byAddress.set(address, fromAddress + 1);
    const streams = this.byLearner.get(learnerId) ?? [];
    this.byLearner.set(learnerId, streams);

    const stream: OpenStream = {
      replace,
      release: () => {
        const at = streams.indexOf(stream);
        if (at < 0) return;
        streams.splice(at, 1);
        if (streams.length === 0) this.byLearner.delete(learnerId);
        const left = (this.byAddress.get(address) ?? 1) - 1;
        if (left > 0) this.byAddress.set(address, left);
        else this.byAddress.delete(address);
      },
    };
    streams.push(stream);
    while (streams.length > this.perLearner) {
      const oldest = streams[0];
      if (!oldest) break;
      oldest.release();
      oldest.replace();
    }
    return { release: stream.release };
  }

  /** Open streams in this process. */
  get size(): number {
    let total = 0;
    for (const count of this.byAddress.values()) total += count;
    return total;
  }
}

interface OpenStream {
  replace: () => void;
  release: () => void;
}
