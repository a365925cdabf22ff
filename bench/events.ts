// `npm run bench:events`: one server process holding 1,000 open live-update streams (GET
// /api/events). Prints the server's memory per open stream (resident set growth over the streams)
// and how many events per second reach the browsers when learners change their profiles, and
// checks that every stream got exactly its own learner's events.
//
//   --streams N    open streams (default 1,000)
//   --learners N   learners sharing them, streams spread evenly (default 100: the server keeps at
//                  most 10 per learner and 100 per address, so each learner sends from an address
//                  of its own through X-Forwarded-For, which the server believes here)
//   --writes N     profile changes made while the streams are open (default 500)
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { signedInLearner, startBenchServer } from './server.ts';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const STREAMS = Number(arg('--streams')) || 1_000;
const LEARNERS = Number(arg('--learners')) || 100;
const WRITES = Number(arg('--writes')) || 500;
const WRITE_CONCURRENCY = 10;

/** Resident memory of a process, in bytes (Linux). */
function rssOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? Number.NaN) * 1024;
}

interface OpenStream {
  learner: number;
  changes: number;
  close: () => void;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function openStream(url: string, cookie: string, learner: number): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const headers = { cookie, 'x-forwarded-for': `10.0.${learner >> 8}.${learner & 255}` };
    const request = http.get(`${url}/api/events`, { agent, headers }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      const stream: OpenStream = { learner, changes: 0, close: () => request.destroy() };
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('event: ready')) resolve(stream);
          else if (block.startsWith('event: change')) stream.changes += 1;
          end = buffer.indexOf('\n\n');
        }
      });
      response.on('error', () => {});
    });
    request.on('error', reject);
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const server = await startBenchServer(4660, {
  cores: '0',
  env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_SIGN_UP: '1000' },
});
try {
  console.log(`Signing up ${LEARNERS} learners…`);
  const cookies: string[] = [];
  for (let i = 0; i < LEARNERS; i += 1) cookies.push(await signedInLearner(server.url));

  // Warm up the code paths once, then measure the server at rest.
  const warm = await openStream(server.url, cookies[0] ?? '', 0);
  warm.close();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const before = rssOf(server.pid);

  console.log(`Opening ${STREAMS} streams…`);
  const streams: OpenStream[] = [];
  for (let i = 0; i < STREAMS; i += 100) {
    const batch = Array.from({ length: Math.min(100, STREAMS - i) }, (_, j) => {
      const learner = (i + j) % LEARNERS;
      return openStream(server.url, cookies[learner] ?? '', learner);
    });
    streams.push(...(await Promise.all(batch)));
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = rssOf(server.pid);

  console.log(`Making ${WRITES} profile changes…`);
  const writesPerLearner = new Array<number>(LEARNERS).fill(0);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITE_CONCURRENCY }, async () => {
      while (next < WRITES) {
        const learner = next % LEARNERS;
        next += 1;
        const response = await fetch(`${server.url}/api/profile`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', cookie: cookies[learner] ?? '' },
          body: JSON.stringify({ displayName: `Bench ${next}` }),
        });
        if (!response.ok) throw new Error(`profile write answered ${response.status}`);
        writesPerLearner[learner] = (writesPerLearner[learner] ?? 0) + 1;
      }
    }),
  );
  const expected = streams.reduce((sum, s) => sum + (writesPerLearner[s.learner] ?? 0), 0);
  const delivered = () => streams.reduce((sum, s) => sum + s.changes, 0);
  const deadline = Date.now() + 30_000;
  while (delivered() < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const seconds = (performance.now() - started) / 1000;
  const wrong = streams.filter((s) => s.changes !== (writesPerLearner[s.learner] ?? 0)).length;
  const afterWrites = rssOf(server.pid);
  for (const stream of streams) stream.close();

  console.log('');
  console.log(`Open streams:              ${streams.length} (${LEARNERS} learners)`);
  console.log(`Server memory at rest:     ${mb(before)}`);
  console.log(`With the streams open:     ${mb(after)}`);
  console.log(
    `Memory per open stream:    ${((after - before) / streams.length / 1024).toFixed(1)} KB`,
  );
  console.log(`After the events:          ${mb(afterWrites)}`);
  console.log(`Profile changes:           ${WRITES} in ${seconds.toFixed(2)} s`);
  console.log(`Events delivered:          ${delivered()} of ${expected}`);
  console.log(`Events delivered / s:      ${Math.round(delivered() / seconds)}`);
  console.log(`Streams with a wrong count: ${wrong}`);
  if (wrong > 0 || delivered() !== expected) process.exitCode = 1;
} finally {
  await server.stop();
}
