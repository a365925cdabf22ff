// A throwaway PostgreSQL cluster that the suite may restart under the server (`pg_ctl restart`),
// in a temporary folder on a port of the suite's own. The shared PostgreSQL is never touched.
// Needs PostgreSQL's server programs (PG_BIN, or /usr/lib/postgresql/<version>/bin) and, when
// run as root, the `postgres` user to run them as.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresCluster {
  adminUrl: string;
  /** `pg_ctl restart -m fast`: every connection ends, the server is down for a moment. */
  restart: () => Promise<void>;
  stop: () => void;
}

function serverPrograms(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin')).find((bin) => existsSync(join(bin, 'pg_ctl')));
}

/** Starts a cluster, or says why it cannot. */
export function startPostgresCluster(port: number): PostgresCluster | string {
  const bin = serverPrograms();
  if (!bin) return 'no PostgreSQL server programs (set PG_BIN)';
  const asRoot = process.getuid?.() === 0;
  let uid = 0;
  let gid = 0;
  if (asRoot) {
    try {
      uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    } catch {
      return 'running as root without a postgres user to run PostgreSQL as';
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'verba-chaos-pg-'));
  if (asRoot) chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]]
      : [join(bin, program), args];
  const run = (program: string, args: string[]) =>
    execFileSync(...command(program, args), { stdio: 'pipe' });
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`;
  const ctlArgs = (...args: string[]) => [
    '-D',
    data,
    '-o',
    options,
    '-l',
    join(dir, 'log'),
    '-w',
    ...args,
  ];
  const ctl = (...args: string[]) => run('pg_ctl', ctlArgs(...args));
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    ctl('start');
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `could not start a cluster: ${(error as Error).message.split('\n')[0]}`;
  }
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // Asynchronous: the learners keep writing while the database restarts.
    restart: async () => {
      await promisify(execFile)(...command('pg_ctl', ctlArgs('-m', 'fast', 'restart')));
    },
    stop: () => {
      try {
        ctl('-m', 'immediate', 'stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
