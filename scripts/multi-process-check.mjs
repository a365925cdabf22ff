// Starts two real server processes at once on one PostgreSQL database and checks that they work
// side by side: both migrate safely, a session made on one is valid on the other, and a session
// signed out through A is refused by B within 5 s, although B had it in memory.
// Usage: node scripts/multi-process-check.mjs postgres://…/test
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import pg from 'pg';

const adminUrl = process.argv[2] ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Give a PostgreSQL URL (argument or TEST_DATABASE_URL).');
  process.exit(2);
}
const database = `verba_multi_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const secret = randomBytes(32).toString('base64url');
const ports = [4511, 4512];

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function startServer(port) {
  const child = spawn(process.execPath, ['apps/api/dist/server.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: secret,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitHealthy(port) {
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(`http://localhost:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${port} did not become healthy`);
}

const call = (port, path, init = {}) =>
  fetch(`http://localhost:${port}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });

function check(condition, message) {
  if (!condition) throw new Error(message);
  console.log(`ok - ${message}`);
}

await admin(`create database ${database}`);
const servers = ports.map(startServer);
let failed = false;
try {
  await Promise.all(ports.map(waitHealthy));
  check(true, 'two processes started and migrated one database at the same time');
  const [a, b] = ports;
  const email = `multi-${randomBytes(4).toString('hex')}@example.com`;
  const signUp = await call(a, '/api/auth/sign-up/email', {
    method: 'POST',
    body: JSON.stringify({ email, password: 'violet-harbour-lantern-42' }),
  });
  check(signUp.status === 200, 'sign-up on process A');
  const cookie = signUp.headers.getSetCookie()[0].split(';')[0];
  const profile = await call(b, '/api/profile', { headers: { cookie } });
  check(
    profile.status === 200 && (await profile.json()).email === email,
    'the session from A is valid on B',
  );
  check((await call(a, '/api/profile', { headers: { cookie } })).status === 200, 'and on A');
  const out = await call(a, '/api/auth/sign-out', {
    method: 'POST',
    body: '{}',
    headers: { cookie },
  });
  check(out.status === 200, 'sign-out on process A');
  check(
    (await call(a, '/api/profile', { headers: { cookie } })).status === 401,
    'A refuses the old cookie at once',
  );
  const refusedWithin = async (ms) => {
    const started = Date.now();
    while (Date.now() - started < ms) {
      if ((await call(b, '/api/profile', { headers: { cookie } })).status === 401) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };
  check(await refusedWithin(5000), 'B, which had it in memory, refuses it within 5 s');
} catch (error) {
  failed = true;
  console.error(`not ok - ${error.message}`);
} finally {
  // Each server closes its connections as it stops; the database goes only after both have.
  const stopped = servers.map((server) =>
    server.exitCode === null ? once(server, 'exit') : Promise.resolve(),
  );
  for (const server of servers) server.kill('SIGTERM');
  await Promise.race([Promise.all(stopped), new Promise((r) => setTimeout(r, 10_000))]);
  await admin(`drop database if exists ${database} with (force)`);
}
process.exit(failed ? 1 : 0);
