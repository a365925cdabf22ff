// Checks the deployment files where no container runtime runs: the Dockerfile (linted, its stages
// and runtime settings), both compose files (their keys, the PostgreSQL health check and the
// variables that must fail fast) and .env.example (only settings Verba reads). Where Docker's
// daemon answers, it also builds the image and waits for its health check.
//   node scripts/check-deployment.mjs
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';

const problems = [];
const expect = (ok, message) => {
  if (!ok) problems.push(message);
};
const read = (file) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

// Dockerfile: lint, then what the image must do.
const dockerfile = read('Dockerfile');
for (const d of validate(dockerfile)) {
  problems.push(`Dockerfile line ${d.range.start.line + 1}: ${d.message}`);
}
/** Instructions with their continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
const stages = instructions.filter((i) => i.keyword === 'FROM');
expect(stages.length >= 2, 'Dockerfile: a multi-stage build (a build stage and a runtime stage)');
const runtime = instructions.slice(instructions.lastIndexOf(stages.at(-1)));
const last = (keyword) => runtime.filter((i) => i.keyword === keyword).at(-1);
expect(
  last('USER') && !/^(root|0)(:|$)/.test(last('USER').args),
  'Dockerfile: the runtime stage runs as a user other than root',
);
expect(
  /\/api\/health/.test(last('HEALTHCHECK')?.args ?? ''),
  'Dockerfile: HEALTHCHECK on /api/health',
);
expect(/\/data/.test(last('VOLUME')?.args ?? ''), 'Dockerfile: a /data volume');
expect(
  /DATA_DIR=\/data/.test(
    runtime
      .filter((i) => i.keyword === 'ENV')
      .map((i) => i.args)
      .join(' '),
  ),
  'Dockerfile: DATA_DIR=/data',
);
expect(
  runtime.some((i) => i.keyword === 'COPY' && i.args.includes('--from=')),
  'Dockerfile: the runtime stage copies the build from the build stage',
);

// compose.yaml: Verba alone on the embedded database, data in a volume.
const embedded = parse(read('compose.yaml'));
const app = embedded?.services?.verba;
expect(app, 'compose.yaml: a verba service');
expect(
  app?.volumes?.some((v) => String(v).endsWith(':/data')),
  'compose.yaml: a volume at /data',
);
expect(!app?.environment?.DATABASE_URL, 'compose.yaml: the embedded database (no DATABASE_URL)');

// compose.postgres.yaml: PostgreSQL healthy before Verba starts; required variables fail fast.
const postgresText = read('compose.postgres.yaml');
const withPostgres = parse(postgresText);
const db = withPostgres?.services?.db;
const web = withPostgres?.services?.verba;
expect(
  JSON.stringify(db?.healthcheck?.test ?? '').includes('pg_isready'),
  'compose.postgres.yaml: db has a pg_isready health check',
);
expect(
  web?.depends_on?.db?.condition === 'service_healthy',
  'compose.postgres.yaml: verba depends on db being service_healthy',
);
for (const name of ['POSTGRES_PASSWORD', 'BETTER_AUTH_SECRET', 'PUBLIC_URL']) {
  expect(
    postgresText.includes(`\${${name}:?`),
    `compose.postgres.yaml: \${${name}:?…} so compose refuses to start without it`,
  );
}
expect(
  String(web?.environment?.DATABASE_URL ?? '').startsWith('postgres://'),
  'compose.postgres.yaml: DATABASE_URL points at the db service',
);

// .env.example: every variable is a setting Verba reads (apps/api/src/env.ts) or one the
// compose files use.
const settings = new Set(
  [...read('apps/api/src/env.ts').matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]),
);
const composeVariables = new Set(
  [...`${read('compose.yaml')}${postgresText}`.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]),
);
const exampleVariables = [...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map(
  (m) => m[1],
);
expect(exampleVariables.length > 0, '.env.example: lists settings');
for (const name of exampleVariables) {
  expect(
    settings.has(name) || composeVariables.has(name),
    `.env.example: ${name} is neither read by apps/api/src/env.ts nor used by a compose file`,
  );
}

// Where a container runtime answers, the image is built and must report itself healthy.
const docker = spawnSync('docker', ['info'], { stdio: 'ignore' });
if (docker.status === 0) {
  execFileSync('docker', ['build', '-t', 'verba:check', '.'], { stdio: 'inherit' });
  const id = execFileSync('docker', ['run', '-d', '-P', 'verba:check'], {
    encoding: 'utf8',
  }).trim();
  try {
    let health = 'starting';
    for (let i = 0; i < 60 && health === 'starting'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      health = execFileSync('docker', ['inspect', '-f', '{{.State.Health.Status}}', id], {
        encoding: 'utf8',
      }).trim();
    }
    expect(health === 'healthy', `the image's container reported ${health}`);
  } finally {
    spawnSync('docker', ['rm', '-f', id], { stdio: 'ignore' });
  }
} else {
  console.log('No container runtime answers here: the image was checked, not built.');
}

if (problems.length > 0) {
  console.error(`Deployment files: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Deployment files: Dockerfile (${stages.length} stages), compose.yaml, compose.postgres.yaml and .env.example (${exampleVariables.length} variables) are in order.`,
);
