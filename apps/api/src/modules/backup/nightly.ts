import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { NightlyBackupsView } from '@verba/shared';
import type { Logger } from '../../lib/logger.ts';

export interface NightlyBackups {
  /** Takes a backup now, as the night's would; resolves when it is written and rotated. */
  runNow: () => Promise<void>;
  /** What /api/health and the admin page tell admins. */
  status: () => NightlyBackupsView;
  stop: () => Promise<void>;
}

export interface NightlyOptions {
  backup: () => Promise<Uint8Array>;
  dir: string;
  keep: number;
  /** The hour (server's local time) the backup is taken, when learners are asleep. */
  hour: number;
  logger: Logger;
  clock?: () => Date;
}

const PREFIX = 'verba-backup-';
const SUFFIX = '.tar';

/** The next time the clock reads `hour`:00, strictly after `now`. */
export function nextRun(now: Date, hour: number): Date {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

/** Backups of this server in `dir`, oldest first (their names sort by time). */
export function keptBackups(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX))
      .sort();
  } catch {
    return [];
  }
}

/**
 * A backup every night at `hour`, written whole (a temporary name, then renamed) so a crash never
 * leaves half a backup among the good ones, and only the newest `keep` kept.
 */
export function scheduleNightlyBackups(options: NightlyOptions): NightlyBackups {
  const { dir, keep, hour, logger } = options;
  const clock = options.clock ?? (() => new Date());
  let last: { at: Date; ok: boolean; bytes: number | null; file: string | null } | null = null;
  let next = nextRun(clock(), hour);
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const take = async () => {
    const started = clock();
    const name = `${PREFIX}${started.toISOString().replace(/[:.]/g, '-')}${SUFFIX}`;
    try {
      const archive = await options.backup();
      mkdirSync(resolve(dir), { recursive: true, mode: 0o700 });
      const partial = join(dir, `.${name}.partial`);
      writeFileSync(partial, archive, { mode: 0o600 });
      renameSync(partial, join(dir, name));
      const kept = keptBackups(dir);
      for (const old of kept.slice(0, Math.max(0, kept.length - keep))) rmSync(join(dir, old));
      last = { at: started, ok: true, bytes: archive.byteLength, file: name };
      logger.info(
        { backup: name, bytes: archive.byteLength, ms: clock().getTime() - started.getTime() },
        'nightly backup written',
      );
    } catch (error) {
      last = { at: started, ok: false, bytes: null, file: null };
      logger.error({ err: error, dir }, 'nightly backup failed');
    }
  };
  const runNow = () => {
    if (stopped) return Promise.resolve();
    running ??= take().finally(() => {
      running = null;
    });
    return running;
  };
  const arm = () => {
    next = nextRun(clock(), hour);
    // Re-armed each night from the clock, so a change to or from summer time keeps the hour.
    timer = setTimeout(
      () => void runNow().finally(() => !stopped && arm()),
      Math.max(0, next.getTime() - clock().getTime()),
    );
    timer.unref();
  };
  arm();
  return {
    runNow,
    status: () => ({
      lastAt: last?.at.toISOString() ?? null,
      lastOk: last?.ok ?? null,
      lastBytes: last?.bytes ?? null,
      lastFile: last?.file ?? null,
      nextAt: next.toISOString(),
      kept: keptBackups(dir).length,
    }),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
