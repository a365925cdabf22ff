import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DatabaseHandle } from '@verba/db';
import type { NightlyBackupsView } from '@verba/shared';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { backupEmbedded } from './embedded.ts';
import { scheduleNightlyBackups, type NightlyBackups } from './nightly.ts';

export interface Backups {
  /** A whole backup of the running embedded database; undefined on PostgreSQL (pg_dump). */
  create?: () => Promise<Uint8Array>;
  /** The nightly backups' state, when BACKUP_DIR is set. */
  nightly?: NightlyBackups;
  status: () => NightlyBackupsView | undefined;
  /** Whether a request to /operator/backup carries the key `npm run backup` derives. */
  authorize: (token: string | undefined) => boolean;
  stop: () => Promise<void>;
}

/** Backups this server takes of its own embedded database: on request and every night. */
export function createBackups(
  database: DatabaseHandle,
  env: Env,
  logger: Logger,
  authSecret: string,
): Backups {
  const authorize = (token: string | undefined) => isOperatorBackupToken(authSecret, token);
  if (database.kind !== 'pglite') {
    return { status: () => undefined, authorize, stop: async () => {} };
  }
  const { client } = database;
  const create = () => backupEmbedded(client, env.DATA_DIR, env.BACKUP_DIR ? [env.BACKUP_DIR] : []);
  const nightly = env.BACKUP_DIR
    ? scheduleNightlyBackups({
        backup: create,
        dir: env.BACKUP_DIR,
        keep: env.BACKUP_KEEP,
        hour: env.BACKUP_HOUR,
        logger,
      })
    : undefined;
  return {
    create,
    ...(nightly ? { nightly } : {}),
    status: () => nightly?.status(),
    authorize,
    stop: async () => nightly?.stop(),
  };
}

/**
 * The key `npm run backup` shows the running server: derived from the auth secret, which only the
 * server's own user can read (DATA_DIR is 0700) or was given (BETTER_AUTH_SECRET).
 */
export const operatorBackupToken = (authSecret: string) =>
  createHmac('sha256', authSecret).update('verba operator backup').digest('base64url');

export function isOperatorBackupToken(authSecret: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(operatorBackupToken(authSecret));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
