// Runs the commands of docs/self-hosting.md as an operator would, against the build: serve, back
// up while serving, read health and metrics, move to PostgreSQL, restore (refused into a full
// folder, then forced) and sign in on the restored install; the systemd unit's ExecStart is run
// with the unit's environment and stopped as `systemctl stop` does. Fails when the page shows a
// command this script does not account for.
//   node scripts/self-hosting-check.mjs <postgres admin URL>      (after npm run build)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = Number(process.env.SELF_HOSTING_PORT ?? 4520);
const PASSWORD = 'violet-harbour-lantern-42';

/** How each command of the page is covered; the ones marked `run` are run below, as written. */
const COVERAGE = {
  'npm ci && npm run build': 'CI runs it before this script',
  'npm run serve': 'run',
  'cp .env.example .env': 'scripts/check-deployment.mjs checks .env.example',
  'docker compose up -d': 'scripts/check-deployment.mjs checks compose.yaml',
  'docker compose -f compose.postgres.yaml up -d':
    'scripts/check-deployment.mjs checks compose.postgres.yaml',
  'npm run backup -- before-upgrade.tar': 'run',
  'git pull && npm ci && npm run build': 'getting a new version: CI builds from a fresh clone',
  'npm run backup -- verba-backup.tar': 'run',
  'npm run restore -- verba-backup.tar': 'run',
  'npm run restore -- verba-backup.tar --force': 'run',
  'curl -s http://localhost:3000/api/health': 'run',
  'npm run migrate-to-postgres -- postgres://verba:secret@db.internal:5432/verba': 'run',
  'curl -s http://localhost:3000/metrics': 'run',
  'systemd unit': 'run',
};

const page = readFileSync(join(root, 'docs/self-hosting.md'), 'utf8');
const documented = [...page.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
  m[1].split('\n').filter((line) => line.trim() && !line.trim().startsWith('#')),
);
const unit = page.match(/```ini\n([\s\S]*?)```/)?.[1];
if (unit) documented.push('systemd unit');
const unaccounted = documented.filter((c) => !(c in COVERAGE));
const stale = Object.keys(COVERAGE).filter((c) => !documented.includes(c));
if (unaccounted.length || stale.length) {
  console.error(
    `docs/self-hosting.md and this script disagree.\n  Not covered: ${unaccounted.join(' | ')}\n  No longer on the page: ${stale.join(' | ')}`,
  );
  process.exit(1);
}
if (!existsSync(join(root, 'apps/api/dist/server.mjs'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'verba-self-hosting-'));
const database = `verba_self_hosting_${randomBytes(4).toString('hex')}`;
const targetUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const baseEnv = { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production' };
delete baseEnv.DATABASE_URL;
delete baseEnv.BETTER_AUTH_SECRET;

/** A command of the page, with the example's address and port pointed at this run's. */
function asRun(command) {
  return command
    .replaceAll('localhost:3000', `localhost:${port}`)
    .replace('postgres://verba:secret@db.internal:5432/verba', targetUrl);
}

function run(command, dataDir, { fails = false } = {}) {
  const started = Date.now();
  const result = spawnSync('bash', ['-c', asRun(command)], {
    cwd: root,
    env: { ...baseEnv, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  const ok = fails ? result.status !== 0 : result.status === 0;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${command}${fails ? ' (refused, as it must be)' : ''} ${Date.now() - started} ms`,
  );
  if (!ok) {
    console.error(result.stdout, result.stderr);
    throw new Error(`${command} ${fails ? 'should have failed' : 'failed'}`);
  }
  return `${result.stdout}${result.stderr}`;
}

async function serve(dataDir) {
  const child = spawn('bash', ['-c', 'exec npm run serve'], {
    cwd: root,
    env: { ...baseEnv, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group: npm does not pass SIGTERM on to the server it started.
    detached: true,
  });
  for (let i = 0; i < 120; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const up = await fetch(`http://localhost:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) {
      console.log('ok   npm run serve');
      return async () => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
        while (
          await fetch(`http://localhost:${port}/api/health`).then(
            () => true,
            () => false,
          )
        ) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      };
    }
  }
  process.kill(-child.pid, 'SIGTERM');
  throw new Error('npm run serve did not answer');
}

/** How long the server may take to stop by default (SHUTDOWN_TIMEOUT_MS), and the 1 s past it. */
const SHUTDOWN_MS = 10_000 + 1_000;

/**
 * The unit's service as systemd runs it: its ExecStart from the repository (its WorkingDirectory)
 * with its Environment, the folders and address pointed at this run's; then SIGTERM, as
 * `systemctl stop` sends, which must end the process with 0 before TimeoutStopSec.
 */
async function runUnit(text, dataDir) {
  const settings = (key) =>
    [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1].trim());
  const environment = Object.fromEntries(
    settings('Environment')
      .flatMap((line) => line.split(/\s+/))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const [execStart] = settings('ExecStart');
  const timeoutStopMs = Number(settings('TimeoutStopSec')[0]) * 1000;
  if (!(timeoutStopMs > SHUTDOWN_MS))
    throw new Error(`systemd unit: TimeoutStopSec must outlast the shutdown (${SHUTDOWN_MS} ms)`);
  const [program, ...args] = execStart.split(/\s+/);
  const node = existsSync(program) ? program : process.execPath;
  const child = spawn(node, args, {
    cwd: root,
    env: {
      ...baseEnv,
      ...environment,
      PORT: String(port),
      DATA_DIR: dataDir,
      BACKUP_DIR: join(dataDir, 'backups'),
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  let up = false;
  for (let i = 0; i < 240 && !up && child.exitCode === null; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    up = await fetch(`http://localhost:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  }
  const since = Date.now();
  child.kill('SIGTERM');
  const code = await exited;
  const ms = Date.now() - since;
  const ok = up && code === 0 && ms < timeoutStopMs;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} systemd unit: ExecStart answered, SIGTERM ended it with ${code} in ${ms} ms`,
  );
  if (!ok) throw new Error('the systemd unit did not run and stop as documented');
}

async function signIn(email, signUp = false) {
  const response = await fetch(
    `http://localhost:${port}/api/auth/${signUp ? 'sign-up' : 'sign-in'}/email`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email, password: PASSWORD }),
    },
  );
  if (response.status !== 200)
    throw new Error(`${signUp ? 'sign-up' : 'sign-in'}: ${response.status}`);
}

const admin = async (statement) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

let stop = async () => {};
try {
  const source = join(work, 'source');
  const email = `self-hosting-${randomBytes(3).toString('hex')}@example.com`;
  stop = await serve(source);
  await signIn(email, true);
  run('npm run backup -- verba-backup.tar', source);
  run('npm run backup -- before-upgrade.tar', source);
  const health = run('curl -s http://localhost:3000/api/health', source);
  if (!health.includes('"status":"ok"')) throw new Error(`health: ${health}`);
  const metrics = run('curl -s http://localhost:3000/metrics', source);
  if (!metrics.includes('verba_http_requests_total')) throw new Error('metrics: no request counts');
  await admin(`create database ${database}`);
  const moved = run(
    'npm run migrate-to-postgres -- postgres://verba:secret@db.internal:5432/verba',
    source,
  );
  if (!/\(1 learners\)/.test(moved)) throw new Error(`migrate-to-postgres: ${moved}`);
  await stop();
  stop = async () => {};

  const restored = join(work, 'restored');
  run('npm run restore -- verba-backup.tar', restored);
  run('npm run restore -- verba-backup.tar', restored, { fails: true });
  run('npm run restore -- verba-backup.tar --force', restored);
  stop = await serve(restored);
  await signIn(email);
  console.log('ok   the learner signs in on the restored install');
  await stop();
  stop = async () => {};
  await runUnit(unit, join(work, 'systemd'));
} finally {
  await stop();
  rmSync(work, { recursive: true, force: true });
  for (const file of ['verba-backup.tar', 'before-upgrade.tar'])
    rmSync(join(root, file), { force: true });
  await admin(`drop database if exists ${database} with (force)`).catch(() => {});
}
console.log('Every command of docs/self-hosting.md is accounted for; the runnable ones ran.');
