// An open-loop load: requests arrive at a fixed rate, whether or not the server has answered the
// ones before, as many independent learners' requests do. Each latency is measured from the
// moment the request was meant to be sent, so a server that falls behind is charged for the
// whole wait (a closed loop, autocannon's, sends less when the server slows down and under-counts
// it: "coordinated omission").
import { build as histogram, type Histogram } from 'hdr-histogram-js';
import { Pool } from 'undici';

export interface Arrival {
  /** What the request is, e.g. 'word list'; its latency is counted under it and its group. */
  kind: string;
  /** 'read' or 'write': the budgets are per group. */
  group: 'read' | 'write';
  method: 'GET' | 'PATCH' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Sees the answer (to pick up a started session's items); a non-2xx answer is an error. */
  onBody?: (status: number, body: string) => void;
}

export interface KindFigures {
  count: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

export interface PhaseFigures {
  /** Requests per second asked for and answered. */
  rate: number;
  answeredPerSecond: number;
  /** Requests never sent because too many were already waiting (the server fell far behind). */
  shed: number;
  byKind: Record<string, KindFigures>;
  all: KindFigures;
}

/** A request not answered within this is counted as an error. */
const REQUEST_TIMEOUT_MS = 10_000;

/** At most this many requests wait for an answer; past it, arrivals are shed and counted. */
const MAX_OUTSTANDING = 1_000;

export class OpenLoop {
  private readonly pools: Pool[];
  private next = 0;

  /** `connections` per server: enough that a connection is free whenever the server is. */
  constructor(urls: string[], connections = 128) {
    this.pools = urls.map((url) => new Pool(url, { connections, pipelining: 1 }));
  }

  /**
   * Sends `rate` requests a second for `seconds`, with exponential gaps between arrivals (a
   * Poisson process, as independent learners' taps are), each from `arrival()`, and waits for
   * the last answer.
   */
  async run(rate: number, seconds: number, arrival: () => Arrival): Promise<PhaseFigures> {
    const histograms = new Map<string, { latency: Histogram; errors: number }>();
    const all = { latency: newHistogram(), errors: 0 };
    const counted = (kind: string) => {
      let entry = histograms.get(kind);
      if (!entry) histograms.set(kind, (entry = { latency: newHistogram(), errors: 0 }));
      return entry;
    };
    const failed = (request: Arrival) => {
      counted(request.kind).errors++;
      counted(request.group).errors++;
      all.errors++;
    };
    let outstanding = 0;
    let shed = 0;
    const inFlight = new Set<Promise<void>>();
    const started = performance.now();
    const end = started + seconds * 1_000;
    let intended = started;
    const send = (request: Arrival, at: number) => {
      const pool = this.pools[this.next++ % this.pools.length]!;
      outstanding++;
      const done = pool
        .request({
          method: request.method,
          path: request.path,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body }),
          // A request unanswered this long is an error; past saturation the run still ends.
          headersTimeout: REQUEST_TIMEOUT_MS,
          bodyTimeout: REQUEST_TIMEOUT_MS,
        })
        .then(async (response) => {
          const text = await response.body.text();
          const ok = response.statusCode >= 200 && response.statusCode < 300;
          if (!ok) failed(request);
          request.onBody?.(response.statusCode, text);
        })
        .catch(() => failed(request))
        .finally(() => {
          const micros = Math.round((performance.now() - at) * 1_000);
          for (const entry of [counted(request.kind), counted(request.group), all])
            entry.latency.recordValue(micros);
          outstanding--;
          inFlight.delete(done);
        });
      inFlight.add(done);
    };
    while (intended < end) {
      const now = performance.now();
      while (intended <= now && intended < end) {
        if (outstanding >= MAX_OUTSTANDING) shed++;
        else send(arrival(), intended);
        intended += -Math.log(1 - Math.random()) * (1_000 / rate);
      }
      // Wake at the next arrival; a timer fires up to a millisecond late, which the latency of
      // that arrival includes (it is measured from when it was due).
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, intended - now - 0.5)));
    }
    await Promise.all(inFlight);
    const elapsed = (performance.now() - started) / 1_000;
    const byKind: Record<string, KindFigures> = {};
    for (const [kind, entry] of histograms) byKind[kind] = figures(entry.latency, entry.errors);
    return {
      rate,
      answeredPerSecond: all.latency.totalCount / elapsed,
      shed,
      byKind,
      all: figures(all.latency, all.errors),
    };
  }

  async close() {
    await Promise.all(this.pools.map((pool) => pool.close()));
  }
}

function newHistogram(): Histogram {
  // Microseconds, from 1 µs to 10 minutes, three significant digits.
  return histogram({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 600_000_000,
    numberOfSignificantValueDigits: 3,
  });
}

const ms = (micros: number) => Math.round(micros / 100) / 10;

function figures(latency: Histogram, errors: number): KindFigures {
  return {
    count: latency.totalCount,
    errors,
    p50: ms(latency.getValueAtPercentile(50)),
    p99: ms(latency.getValueAtPercentile(99)),
    max: ms(latency.maxValue),
  };
}
