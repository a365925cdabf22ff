import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { nextRun, scheduleNightlyBackups } from './nightly.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function logLines() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}

describe('nightly backups', () => {
  it('run at the next quiet hour of the local clock', () => {
    const evening = new Date(2026, 10, 26, 21, 30);
    expect(nextRun(evening, 3)).toEqual(new Date(2026, 10, 27, 3, 0));
    const early = new Date(2026, 10, 26, 2, 59);
    expect(nextRun(early, 3)).toEqual(new Date(2026, 10, 26, 3, 0));
    expect(nextRun(new Date(2026, 10, 26, 3, 0), 3)).toEqual(new Date(2026, 10, 27, 3, 0));
  });

  it('keep the newest BACKUP_KEEP, report each in the log and the status', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verba-nightly-'));
    dirs.push(dir);
    let now = new Date('2026-11-20T03:00:00Z');
    const log = logLines();
    const nightly = scheduleNightlyBackups({
      backup: async () => new Uint8Array(1234),
      dir,
      keep: 3,
      hour: 3,
      logger: log.logger,
      clock: () => now,
    });
    expect(nightly.status()).toMatchObject({ lastAt: null, lastOk: null, kept: 0 });
    for (let night = 0; night < 5; night++) {
      now = new Date(now.getTime() + 24 * 3600_000);
      await nightly.runNow();
    }
    await nightly.stop();
    expect(readdirSync(dir).sort()).toEqual([
      'verba-backup-2026-11-23T03-00-00-000Z.tar',
      'verba-backup-2026-11-24T03-00-00-000Z.tar',
      'verba-backup-2026-11-25T03-00-00-000Z.tar',
    ]);
    expect(nightly.status()).toMatchObject({
      lastAt: '2026-11-25T03:00:00.000Z',
      lastOk: true,
      lastBytes: 1234,
      lastFile: 'verba-backup-2026-11-25T03-00-00-000Z.tar',
      kept: 3,
    });
    const written = log.lines.filter((l) => l.msg === 'nightly backup written');
    expect(written).toHaveLength(5);
    expect(written.at(-1)).toMatchObject({ backup: 'verba-backup-2026-11-25T03-00-00-000Z.tar' });
  });

  it('report a failed night and keep the good backups', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verba-nightly-'));
    dirs.push(dir);
    const log = logLines();
    let fail = false;
    const nightly = scheduleNightlyBackups({
      backup: async () => {
        if (fail) throw new Error('disk full');
        return new Uint8Array(10);
      },
      dir,
      keep: 7,
      hour: 3,
      logger: log.logger,
    });
    await nightly.runNow();
    fail = true;
    await nightly.runNow();
    await nightly.stop();
    expect(readdirSync(dir)).toHaveLength(1);
    expect(nightly.status()).toMatchObject({
      lastOk: false,
      lastBytes: null,
      lastFile: null,
      kept: 1,
    });
    expect(log.lines.at(-1)).toMatchObject({ level: 50, msg: 'nightly backup failed' });
  });
});
