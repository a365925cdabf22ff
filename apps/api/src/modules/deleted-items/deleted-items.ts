import { schema, type Database, type Executor } from '@verba/db';
import { DELETE_UNDO, type DeletedItemKind } from '@verba/shared';
import { and, eq, getTableColumns, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Undo for deletes (docs/decisions/018): a deleted word or group leaves its tables at once, so no
 * read, count, practice sample or grouping run can meet it, and is kept here whole as JSON for
 * the undo window. Restore puts the rows back under their own ids; the purge removes what is
 * older than the window, for good.
 */

const { deletedItems } = schema;

/** Rows one purge statement deletes at most, so that it never holds many locks for long. */
const PURGE_BATCH = 500;

/** Deleted items older than this can no longer be restored. */
export const undoCutoff = (now: Date) => new Date(now.getTime() - DELETE_UNDO.keepSeconds * 1000);

/**
 * Keeps what `data` selects (one row, JSON built by the database from the rows about to go) as
 * the deleted item `id`. A second delete of the same id within the window keeps the newer copy.
 */
export async function keepDeleted(
  tx: Executor,
  item: { id: string; userId: string; kind: DeletedItemKind; now: Date },
  data: SQL,
): Promise<void> {
  await tx.execute(sql`insert into ${deletedItems} (id, user_id, kind, data, deleted_at)
    values (${item.id}, ${item.userId}, ${item.kind}, (${data}), ${item.now.toISOString()})
    on conflict (id) do update set data = excluded.data, deleted_at = excluded.deleted_at
      where ${deletedItems.userId} = excluded.user_id`);
}

/**
 * Takes the learner's deleted item back out of the trash if its window is still open: its JSON,
 * or null when there is none (never deleted, another learner's, restored already, or too old).
 * Run in the transaction that restores it, so a failed restore leaves it where it was.
 */
export async function takeDeleted<T>(
  tx: Executor,
  item: { id: string; userId: string; kind: DeletedItemKind; now: Date },
): Promise<T | null> {
  const [row] = await tx
    .delete(deletedItems)
    .where(
      and(
        eq(deletedItems.id, item.id),
        eq(deletedItems.userId, item.userId),
        eq(deletedItems.kind, item.kind),
        gt(deletedItems.deletedAt, undoCutoff(item.now)),
      ),
    )
    .returning({ data: deletedItems.data });
  return row ? (row.data as T) : null;
}

/** Removes for good every deleted item whose undo window is over; returns how many went. */
export async function purgeDeleted(db: Database, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = db
      .select({ id: deletedItems.id })
      .from(deletedItems)
      .where(lte(deletedItems.deletedAt, undoCutoff(now)))
      .limit(PURGE_BATCH);
    const purged = await db
      .delete(deletedItems)
      .where(inArray(deletedItems.id, expired))
      .returning({ id: deletedItems.id });
    total += purged.length;
    if (purged.length < PURGE_BATCH) return total;
  }
}

const casing = new CasingCache('snake_case');

/**
 * A table's columns that an insert may write (generated ones are computed again), by their
 * names in the database, as a comma-separated list.
 */
export function writableColumns(table: PgTable, qualifier?: string): SQL {
  const names = Object.values(getTableColumns(table))
    .filter((column) => !column.generated)
    .map((column) => {
      const name = sql.identifier(casing.getColumnCasing(column));
      return qualifier ? sql`${sql.identifier(qualifier)}.${name}` : name;
    });
  return sql.join(names, sql`, `);
}
