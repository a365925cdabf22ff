import type { DatabaseHandle } from '@verba/db';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read from the running services when Prometheus scrapes. */
export interface MetricSources {
  database: DatabaseHandle;
  /** Background work waiting, by queue. */
  queues: Record<string, () => number>;
}

export interface Metrics {
  registry: Registry;
  /** One answered request: route is the matched pattern (`/api/words/:id`), never the raw path. */
  observeRequest: (method: string, route: string, status: number, seconds: number) => void;
  /** A fetch that counts each AI provider call and its failures, labelled by provider host. */
  countingFetch: (provider: string, inner?: typeof fetch) => typeof fetch;
  /** Where the open live-update streams are counted (the app's stream limits). */
  countLiveStreams: (count: () => number) => void;
  /** Prometheus's text format; the process metrics start with the first scrape. */
  render: () => Promise<string>;
}

/** Request latency buckets, in seconds: the budgets (50 ms reads, 100 ms writes) fall on edges. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's metrics, in a registry of its own (tests run several apps in one process).
 * Labels are routes, methods, statuses, queues and provider hosts: never a learner's data.
 */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'verba_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'verba_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const aiCalls = new Counter({
    name: 'verba_ai_calls_total',
    help: 'Calls to the AI provider, by provider host',
    labelNames: ['provider'] as const,
    registers: [registry],
  });
  const aiFailures = new Counter({
    name: 'verba_ai_call_failures_total',
    help: 'AI provider calls that failed (no answer, or an error status), by provider host',
    labelNames: ['provider'] as const,
    registers: [registry],
  });
  let liveStreams = () => 0;
  new Gauge({
    name: 'verba_live_update_streams',
    help: 'Open live-update (server-sent events) streams in this process',
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });
  new Gauge({
    name: 'verba_job_queue_depth',
    help: 'Background work waiting in this process, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    collect() {
      for (const [queue, depth] of Object.entries(sources.queues)) this.set({ queue }, depth());
    },
  });
  const { database } = sources;
  new Gauge({
    name: 'verba_database_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting); the embedded database has one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (database.kind === 'postgres') {
        this.set({ state: 'total' }, database.client.totalCount);
        this.set({ state: 'idle' }, database.client.idleCount);
        this.set({ state: 'waiting' }, database.client.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
      }
    },
  });
  let processMetrics = false;
  return {
    registry,
    observeRequest: (method, route, status, seconds) => {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    countLiveStreams: (count) => {
      liveStreams = count;
    },
    countingFetch:
      (provider, inner = fetch) =>
      async (input, init) => {
        aiCalls.inc({ provider });
        try {
          const response = await inner(input, init);
          if (!response.ok) aiFailures.inc({ provider });
          return response;
        } catch (error) {
          aiFailures.inc({ provider });
          throw error;
        }
      },
    render: async () => {
      if (!processMetrics) {
        // Heap, event-loop lag, CPU, handles: started on demand, as each registry's watch costs.
        collectDefaultMetrics({ register: registry });
        processMetrics = true;
      }
      return registry.metrics();
    },
  };
}
