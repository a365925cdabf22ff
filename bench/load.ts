// The closed-loop load of `npm run bench:api` and `npm run bench:scale`: each of 50 connections
// sends its next request when the last one is answered (autocannon), for the API's routes, as
// one learner or as many.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';

export const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
export const flag = (name: string) => process.argv.includes(name);

/**
 * The machine's 1-minute load average, printed with every figure: on a machine whose cores are
 * busy with other work, latencies are inflated and only CPU costs hold.
 */
export const loadAverage = () => loadavg()[0]!.toFixed(2);

export const CONNECTIONS = 50;

/** Seconds of load before each measured run, whose figures are dropped. */
const WARM_UP_SECONDS = 3;

export interface Case {
  name: string;
  method: 'GET' | 'PATCH' | 'POST';
  path: string;
  body?: string;
  budgetP99Ms?: number;
}

/**
 * The routes under load. `oneMatch` is a search that matches one word of the seeded collections
 * (their words are spelled from their number), which reads the search index to the end.
 */
export function apiCases(oneMatch: string): Case[] {
  return [
    { name: 'health (no session)', method: 'GET', path: '/api/health' },
    { name: 'profile read', method: 'GET', path: '/api/profile', budgetP99Ms: 50 },
    {
      name: 'profile write',
      method: 'PATCH',
      path: '/api/profile',
      body: JSON.stringify({ displayName: 'Bench' }),
      budgetP99Ms: 100,
    },
    { name: 'word list, first page', method: 'GET', path: '/api/words?limit=50', budgetP99Ms: 50 },
    {
      // A common search: "or" is in a third of the seeded words.
      name: 'word list, search',
      method: 'GET',
      path: '/api/words?search=or&limit=50',
      budgetP99Ms: 50,
    },
    {
      name: 'word list, search, one match',
      method: 'GET',
      path: `/api/words?search=${oneMatch}&limit=50`,
      budgetP99Ms: 50,
    },
    {
      name: 'word list, next review',
      method: 'GET',
      path: '/api/words?sort=review&limit=50',
      budgetP99Ms: 50,
    },
  ];
}

/**
 * A learner's cookies: every cookie the server sets is kept and sent back, as a browser would,
 * so a refreshed session cookie is honoured during the run.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(initial: string) {
    this.store(initial);
  }

  store(setCookie: string) {
    const pair = setCookie.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }

  storeAll(headers: unknown) {
    const setCookie = (headers as Record<string, string | string[] | undefined>)['set-cookie'];
    for (const cookie of [setCookie ?? []].flat()) this.store(cookie);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface Row {
  name: string;
  processes: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  kB: number;
  budgetP99Ms?: number;
  budget: string;
  met: boolean;
}

/** One line of the table from autocannon's result; a row without a budget is always met. */
function toRow(
  name: string,
  processes: number,
  result: autocannon.Result,
  budgetP99Ms: number | undefined,
): Row {
  const errors = result.errors + result.timeouts + result.non2xx;
  const met = budgetP99Ms === undefined || (result.latency.p99 <= budgetP99Ms && errors === 0);
  return {
    name,
    processes,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors,
    // Bytes received per response, headers included.
    kB: result.requests.total === 0 ? 0 : result.throughput.total / result.requests.total / 1000,
    ...(budgetP99Ms === undefined ? {} : { budgetP99Ms }),
    budget: budgetP99Ms === undefined ? '—' : `p99 ≤ ${budgetP99Ms} ms: ${met ? 'met' : 'MISSED'}`,
    met,
  };
}

/** Where the request a connection has in flight came from: its learner's cookies. */
interface ConnectionContext {
  jar?: CookieJar;
}

/**
 * A measured run after a short warm-up with the same requests: a process's first requests on a
 * route compile its code and open the database pool's connections, while a budget speaks of a
 * server in its steady state. `next` gives each request its learner, path and body.
 */
async function closedLoop(
  urls: string[],
  seconds: number,
  method: Case['method'],
  next: () => { jar: CookieJar; path: string; body?: string; headers?: Record<string, string> },
  onBody?: (status: number, body: string) => void,
): Promise<autocannon.Result> {
  const options: autocannon.Options = {
    url: urls as unknown as string, // autocannon round-robins over several URLs; its types say one
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method,
        setupRequest: (request, context) => {
          const { jar, path, body, headers } = next();
          (context as ConnectionContext).jar = jar;
          return {
            ...request,
            path,
            ...(body === undefined ? {} : { body }),
            headers: {
              ...request.headers,
              ...headers,
              cookie: jar.header(),
              'content-type': 'application/json',
            },
          };
        },
        onResponse: (status, body, context, headers) => {
          (context as ConnectionContext).jar?.storeAll(headers);
          onBody?.(status, body);
        },
      },
    ],
  };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  return autocannon(options);
}

/** Takes the learners in turn, so the load spreads over all of them. */
export function inTurn<T>(items: T[]): () => T {
  let at = 0;
  return () => items[at++ % items.length]!;
}

/** One route under load, each request from the next of `learners`. */
export async function measureCase(
  urls: string[],
  learners: CookieJar[],
  c: Case,
  processes: number,
  seconds: number,
): Promise<Row> {
  const learner = inTurn(learners);
  const result = await closedLoop(urls, seconds, c.method, () => ({
    jar: learner(),
    path: c.path,
    ...(c.body ? { body: c.body } : {}),
  }));
  return toRow(c.name, processes, result, c.budgetP99Ms);
}

/**
 * Started rounds whose items the answers' run answers: 80 items each, enough for a run of a
 * minute, spread so that concurrent answers rarely wait for the same round.
 */
const ROUNDS_TO_ANSWER = 1_000;

interface PracticeItemRef {
  jar: CookieJar;
  sessionId: string;
  index: number;
  type: 'flashcard' | 'multiple-choice' | 'spelling';
}

/** An answer to an item, right or wrong as it falls. */
export function answerBody(item: Pick<PracticeItemRef, 'index' | 'type'> | undefined): string {
  const answer =
    item?.type === 'multiple-choice'
      ? { type: 'multiple-choice', optionIndex: 0 }
      : item?.type === 'spelling'
        ? { type: 'spelling', text: 'kalo' }
        : { type: 'flashcard', knew: true };
  return JSON.stringify({
    id: randomUUID(),
    itemIndex: item?.index ?? 0,
    answer,
    responseTimeMs: 4_000,
  });
}

/** As the web app asks: an answer's result without the session it already holds. */
export const ANSWER_HEADERS = { prefer: 'return=minimal' };

export const startBody = (id: string = randomUUID()) =>
  JSON.stringify({ id, mode: 'infinity', timeZone: 'Europe/Madrid' });

/**
 * The learners start infinity rounds (20 random words, 80 items, each start a new session), then
 * answer the items of those rounds, spread over the sessions so that concurrent answers do not
 * queue on one session's lock. An answer is checked, logged and stored; the last of a session
 * completes it.
 */
export async function practiceRows(
  urls: string[],
  learners: CookieJar[],
  processes: number,
  seconds: number,
  label: string,
): Promise<Row[]> {
  const started: PracticeItemRef[][] = [];
  const learner = inTurn(learners);
  // Who started each round (the client names its sessions), to answer as them.
  const owners = new Map<string, CookieJar>();
  const startResult = await closedLoop(
    urls,
    seconds,
    'POST',
    () => {
      const jar = learner();
      const id = randomUUID();
      if (owners.size < ROUNDS_TO_ANSWER * 4) owners.set(id, jar);
      return { jar, path: '/api/practice/sessions', body: startBody(id) };
    },
    (status, body) => {
      // The load generator shares the machine: it reads only the rounds the answers' run needs.
      if (status !== 201 || started.length >= ROUNDS_TO_ANSWER) return;
      const session = JSON.parse(body) as {
        id: string;
        items: Omit<PracticeItemRef, 'sessionId' | 'jar'>[];
      };
      const jar = owners.get(session.id);
      if (!jar) return;
      started.push(
        session.items.map((i) => ({ jar, sessionId: session.id, index: i.index, type: i.type })),
      );
    },
  );
  // Round-robin over sessions: item 0 of every session, then item 1, …
  const queue: PracticeItemRef[] = [];
  for (let index = 0; started.some((items) => index < items.length); index++) {
    for (const items of started) if (items[index]) queue.push(items[index]!);
  }
  let next = 0;
  const answerResult = await closedLoop(urls, seconds, 'POST', () => {
    const item = queue[next++ % Math.max(queue.length, 1)];
    return {
      jar: item?.jar ?? learners[0]!,
      path: `/api/practice/sessions/${item?.sessionId ?? randomUUID()}/answers`,
      body: answerBody(item),
      headers: ANSWER_HEADERS,
    };
  });
  if (next > queue.length) {
    console.warn(
      `practice bench: ${next} answers for ${queue.length} items; later ones were refused`,
    );
  }
  return [
    toRow(`practice: start a session (${label})`, processes, startResult, 100),
    toRow(`practice: submit an answer (${label})`, processes, answerResult, 100),
  ];
}

export function printRows(rows: Row[]) {
  console.log(
    '| request | processes | req/s | p50 ms | p90 ms | p99 ms | errors | kB / response | budget |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.processes} | ${r.rps} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.errors} | ${r.kB.toFixed(1)} | ${r.budget} |`,
    );
  }
}

const commit = () => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};

/** Above this 1-minute load average (on a 2-core machine) latencies are not reference figures. */
const REFERENCE_LOAD = 3;

/**
 * Writes a run's figures to `bench/results/<name>.json`, with when, on which commit and under
 * what load average they were taken (a figure from a busy machine is not a reference).
 */
export function saveResults(name: string, figures: Record<string, unknown>) {
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${name}.json`;
  const load = Number(loadAverage());
  const reference =
    load <= REFERENCE_LOAD
      ? {}
      : { notReference: `measured at a load average of ${load}: latencies inflated by other work` };
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), commit: commit(), loadAverage1m: load, ...reference, ...figures }, null, 2)}\n`,
  );
  console.log(`\nfigures written to ${file}`);
}
