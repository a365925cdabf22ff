// A rolling restart of two server processes behind a proxy, on one PostgreSQL database, under a
// steady load of reads and writes from learners, with a live-update stream open: process A is
// stopped (SIGTERM), waited for and started again, then B. The proxy does what the nginx and Caddy
// settings in docs/self-hosting.md do: it sends each request to the next process and tries the
// other one when a process refuses the connection, closes it without an answer, or answers 503
// with Retry-After (a stopping process changes nothing before that answer). Writes carry ids made
// by the client, so one tried twice is saved once. The clients never retry.
// Checks: 0 failed requests seen by clients, 0 acknowledged writes lost, 0 duplicates, and the
// stream reconnects through the proxy after each restart. Prints the figures, and with --out
// writes them to a JSON file with the machine's load average (it is shared, so times vary).
// Usage: node scripts/rolling-restart-check.mjs postgres://…/test [--out file.json]
//        (after npm run build)
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Agent, request } from 'undici';

const { values: args, positionals } = parseArgs({
  options: { out: { type: 'string' } },
  allowPositionals: true,
});
const adminUrl = positionals[0] ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Give a PostgreSQL URL (argument or TEST_DATABASE_URL).');
  process.exit(2);
}
const database = `verba_rolling_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const secret = randomBytes(32).toString('base64url');
const PROXY_PORT = Number(process.env.ROLLING_PORT ?? 4516);
const UPSTREAMS = [PROXY_PORT + 1, PROXY_PORT + 2];
const PUBLIC_URL = `http://localhost:${PROXY_PORT}`;
const LEARNERS = 6;
const PASSWORD = 'violet-harbour-lantern-42';
/** How long a process that refused or drained is passed over before it is tried again. */
const PASS_OVER_MS = 1_000;
const ATTEMPTS = 6;

const figures = {
  requests: 0,
  reads: 0,
  writes: 0,
  'failed (seen by clients)': 0,
  'proxy: tried the other process': 0,
  'proxy: 503 draining passed over': 0,
  'proxy: connection refused or cut': 0,
  'acknowledged writes': 0,
  'lost acknowledged writes': 0,
  duplicates: 0,
  'saved without an acknowledgement': 0,
  'stream reconnects': 0,
};
const failures = [];

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One server process on a port; `stop` is what a process manager's stop sends (SIGTERM). */
function serverProcess(port) {
  let child;
  let exited;
  const start = async () => {
    child = spawn(process.execPath, ['apps/api/dist/server.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        BETTER_AUTH_SECRET: secret,
        PUBLIC_URL,
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`the server on ${port} exited`);
      const ok = await fetch(`http://localhost:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await sleep(100);
    }
    throw new Error(`the server on ${port} did not become healthy`);
  };
  const stop = async () => {
    const since = performance.now();
    child.kill('SIGTERM');
    const code = await exited;
    return { code, ms: Math.round(performance.now() - since) };
  };
  return { port, start, stop, kill: () => child?.kill('SIGKILL') };
}

/** The proxy: round robin over the upstreams, passing over one that is down or draining. */
function startProxy() {
  const dispatcher = new Agent({ keepAliveTimeout: 4_000 });
  const downUntil = new Map();
  let next = 0;
  const pick = (avoid) => {
    const now = performance.now();
    const order = UPSTREAMS.map((_, i) => UPSTREAMS[(next + i) % UPSTREAMS.length]);
    next++;
    return (
      order.find((port) => port !== avoid && (downUntil.get(port) ?? 0) <= now) ??
      order.find((port) => port !== avoid) ??
      order[0]
    );
  };
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
    delete headers.connection;
    delete headers['keep-alive'];
    let avoid;
    for (let attempt = 1; ; attempt++) {
      const port = pick(avoid);
      if (attempt > 1) figures['proxy: tried the other process']++;
      try {
        const upstream = await request(`http://localhost:${port}${req.url}`, {
          method: req.method,
          headers,
          body,
          dispatcher,
          bodyTimeout: 0,
        });
        if (upstream.statusCode === 503 && upstream.headers['retry-after'] && attempt < ATTEMPTS) {
          // The process is stopping: it refused the request at its gate, changing nothing.
          await upstream.body.dump();
          figures['proxy: 503 draining passed over']++;
          downUntil.set(port, performance.now() + PASS_OVER_MS);
          avoid = port;
          continue;
        }
        const out = { ...upstream.headers };
        delete out.connection;
        delete out['keep-alive'];
        delete out['transfer-encoding'];
        res.writeHead(upstream.statusCode, out);
        upstream.body.on('error', () => res.destroy());
        res.on('close', () => upstream.body.destroy());
        upstream.body.pipe(res);
        return;
      } catch (error) {
        // Refused (not listening) or closed without an answer (a keep-alive connection the
        // process let go): the other process, or this one once it is back, gets the request.
        figures['proxy: connection refused or cut']++;
        downUntil.set(port, performance.now() + PASS_OVER_MS);
        avoid = port;
        if (attempt >= ATTEMPTS) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`proxy: ${error.code ?? error.message}`);
          return;
        }
        await sleep(attempt > UPSTREAMS.length ? 200 : 0);
      }
    }
  });
  return new Promise((resolve) =>
    server.listen(PROXY_PORT, () =>
      resolve({
        close: async () => {
          server.closeAllConnections();
          await new Promise((done) => server.close(done));
          await dispatcher.close();
        },
      }),
    ),
  );
}

const call = (path, { cookie, method = 'GET', body } = {}) =>
  fetch(`${PUBLIC_URL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function newLearner(index) {
  const email = `rolling-${index}-${randomBytes(4).toString('hex')}@example.com`;
  const signUp = await call('/api/auth/sign-up/email', {
    method: 'POST',
    body: { email, password: PASSWORD },
  });
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status}`);
  const { user } = await signUp.json();
  const cookie = signUp.headers.getSetCookie()[0].split(';')[0];
  const onboarded = await call('/api/profile/onboarding', {
    method: 'POST',
    cookie,
    body: { nativeLanguage: 'en', targetLanguage: 'es' },
  });
  if (onboarded.status !== 200) throw new Error(`onboarding: ${onboarded.status}`);
  return { id: user.id, cookie, saved: new Set() };
}

/** A learner reading and saving words one request after another until `done()`. */
async function learnerLoad(learner, index, done) {
  for (let i = 0; !done(); i++) {
    const write = i % 2 === 0;
    const id = randomUUID();
    figures.requests++;
    figures[write ? 'writes' : 'reads']++;
    try {
      const response = write
        ? await call('/api/words', {
            method: 'POST',
            cookie: learner.cookie,
            body: { id, word: `rolling ${index} ${i}`, translation: 'x' },
          })
        : await call('/api/words', { cookie: learner.cookie });
      await response.arrayBuffer();
      if (response.status >= 200 && response.status < 300) {
        if (write) {
          learner.saved.add(id);
          figures['acknowledged writes']++;
        }
      } else {
        figures['failed (seen by clients)']++;
        failures.push(`${write ? 'POST' : 'GET'} /api/words: ${response.status}`);
      }
    } catch (error) {
      figures['failed (seen by clients)']++;
      failures.push(`${write ? 'POST' : 'GET'} /api/words: ${error.cause?.code ?? error.message}`);
    }
  }
}

/** A live-update stream through the proxy, opened again after each end, as the web app does. */
function watchStream(cookie, done) {
  const state = { ready: 0, restarting: 0 };
  state.ended = (async () => {
    while (!done()) {
      try {
        const response = await call('/api/events', { cookie });
        if (response.status !== 200) {
          failures.push(`stream: ${response.status}`);
          await response.arrayBuffer();
          await sleep(500);
          continue;
        }
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of response.body) {
          buffer += decoder.decode(chunk, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.includes('event: ready')) state.ready++;
            if (block.includes('event: restarting')) state.restarting++;
          }
          if (done()) break;
        }
      } catch (error) {
        if (!done()) failures.push(`stream: ${error.cause?.code ?? error.message}`);
      }
      // The server's retry hint is 2 s; the check only waits a moment.
      if (!done()) await sleep(200);
    }
  })();
  return state;
}

const loadAtStart = loadavg().map((l) => Number(l.toFixed(2)));
const cpuAtStart = process.cpuUsage();
await admin(`create database ${database}`);
const servers = UPSTREAMS.map(serverProcess);
let proxy;
let failed = false;
try {
  await Promise.all(servers.map((server) => server.start()));
  proxy = await startProxy();
  const learners = await Promise.all(Array.from({ length: LEARNERS }, (_, i) => newLearner(i)));
  let finished = false;
  const done = () => finished;
  const stream = watchStream(learners[0].cookie, done);
  const load = learners.map((learner, i) => learnerLoad(learner, i, done));
  await sleep(1_000);
  const restarts = [];
  for (const [name, server] of [
    ['A', servers[0]],
    ['B', servers[1]],
  ]) {
    const stopped = await server.stop();
    const since = performance.now();
    await server.start();
    restarts.push({
      process: name,
      'exit code': stopped.code,
      'SIGTERM to exit (ms)': stopped.ms,
      'start to healthy (ms)': Math.round(performance.now() - since),
    });
    if (stopped.code !== 0) failures.push(`process ${name} exited with ${stopped.code}`);
    await sleep(1_000);
  }
  finished = true;
  await Promise.all(load);
  await Promise.race([stream.ended, sleep(3_000)]);
  figures['stream reconnects'] = stream.ready - 1;

  // Every acknowledged write is there, once; nothing else was written.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select id, user_id, lower(word) as word from words where user_id = any($1)',
      [learners.map((learner) => learner.id)],
    );
    const ids = new Set(rows.map((row) => row.id));
    for (const learner of learners)
      for (const id of learner.saved) if (!ids.has(id)) figures['lost acknowledged writes']++;
    const texts = new Set(rows.map((row) => `${row.user_id} ${row.word}`));
    figures.duplicates = rows.length - texts.size;
    figures['saved without an acknowledgement'] = rows.length - figures['acknowledged writes'];
  } finally {
    await client.end();
  }

  console.table(restarts);
  console.table(Object.entries(figures).map(([figure, value]) => ({ figure, value })));
  const check = (condition, message) => {
    if (!condition) {
      failed = true;
      console.error(`not ok - ${message}`);
    } else console.log(`ok - ${message}`);
  };
  check(figures['failed (seen by clients)'] === 0, 'no request failed as clients saw it');
  check(figures['lost acknowledged writes'] === 0, 'no acknowledged write was lost');
  check(figures.duplicates === 0, 'no write was saved twice');
  check(figures['saved without an acknowledgement'] === 0, 'every saved write was acknowledged');
  check(stream.restarting >= 1 && figures['stream reconnects'] >= 1, 'the stream reconnected');
  check(failures.length === 0, 'nothing else went wrong');
  for (const failure of failures.slice(0, 20)) console.error(`  ${failure}`);
  if (args.out) {
    const cpu = process.cpuUsage(cpuAtStart);
    const result = {
      date: new Date().toISOString(),
      passed: !failed,
      cores: availableParallelism(),
      'load average (1, 5, 15 min) at the start': loadAtStart,
      'load average (1, 5, 15 min) at the end': loadavg().map((l) => Number(l.toFixed(2))),
      // The learners, proxy and stream share this process; the servers are processes of their own.
      'CPU time of the load and proxy (ms)': Math.round((cpu.user + cpu.system) / 1000),
      restarts,
      figures,
      failures,
    };
    writeFileSync(args.out, `${JSON.stringify(result, null, 2)}\n`);
  }
} catch (error) {
  failed = true;
  console.error(`not ok - ${error.message}`);
} finally {
  await proxy?.close();
  await Promise.all(servers.map((server) => server.stop().catch(() => server.kill())));
  await admin(`drop database if exists ${database} with (force)`);
}
process.exit(failed ? 1 : 0);
