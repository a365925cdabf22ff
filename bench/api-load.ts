// `npm run bench:api`: latency and throughput of the API on one core with the embedded database,
// at 50 concurrent connections. Budgets (design.md): authenticated reads p99 ≤ 50 ms, writes
// p99 ≤ 100 ms, no errors. `--seconds N` sets each run's length (default 10).
import autocannon from 'autocannon';
import { signedInLearner, startBenchServer } from './server.ts';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 10;
const CONNECTIONS = 50;

interface Case {
  name: string;
  method: 'GET' | 'PATCH';
  path: string;
  body?: string;
  budgetP99Ms?: number;
}

const server = await startBenchServer(4640, { cores: '0' });
try {
  const cookie = await signedInLearner(server.url);
  const cases: Case[] = [
    { name: 'health (no session)', method: 'GET', path: '/api/health' },
    { name: 'profile read (authenticated)', method: 'GET', path: '/api/profile', budgetP99Ms: 50 },
    {
      name: 'profile write (authenticated)',
      method: 'PATCH',
      path: '/api/profile',
      body: JSON.stringify({ displayName: 'Bench' }),
      budgetP99Ms: 100,
    },
  ];
  console.log(
    `API on one core (taskset), embedded database, ${CONNECTIONS} connections, ${seconds} s each\n`,
  );
  console.log('| request | req/s | p50 ms | p90 ms | p99 ms | errors | budget |');
  console.log('|---|---|---|---|---|---|---|');
  let missed = 0;
  for (const c of cases) {
    const result = await autocannon({
      url: `${server.url}${c.path}`,
      method: c.method,
      connections: CONNECTIONS,
      duration: seconds,
      headers: { cookie, 'content-type': 'application/json' },
      ...(c.body ? { body: c.body } : {}),
    });
    const errors = result.errors + result.timeouts + result.non2xx;
    const ok = c.budgetP99Ms === undefined || (result.latency.p99 <= c.budgetP99Ms && errors === 0);
    if (!ok) missed++;
    const budget =
      c.budgetP99Ms === undefined ? '—' : `p99 ≤ ${c.budgetP99Ms} ms: ${ok ? 'met' : 'MISSED'}`;
    console.log(
      `| ${c.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p90} | ${result.latency.p99} | ${errors} | ${budget} |`,
    );
  }
  console.log(missed === 0 ? '\nall budgets met' : `\n${missed} budget(s) missed`);
} finally {
  await server.stop();
}
