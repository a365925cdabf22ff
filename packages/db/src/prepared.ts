import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/**
 * Statements built once per database instead of on every request. Building a Drizzle query
 * costs about as much as running a small one on the embedded database, and on PostgreSQL a
 * named statement is also parsed and planned once per connection. Values go in as
 * `sql.placeholder(...)`.
 *
 *   const statements = preparedStatements((db) => ({
 *     byId: db.select().from(t).where(eq(t.id, sql.placeholder('id'))).prepare('t_by_id'),
 *   }));
 *   await statements(db).byId.execute({ id });
 */
export function preparedStatements<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}

/**
 * A row of `table` as the value list of a prepared `insert … select`: one placeholder
 * `<prefix>.<key>` per column an insert names (generated columns left out), in the order Drizzle
 * lists them, each cast to its column's type. `values(row)` binds a whole row to them, mapped as
 * each column maps its values (jsonb, arrays, dates); a null stays null.
 */
export function rowPlaceholders<T extends PgTable>(table: T, prefix: string) {
  const columns = (Object.entries(getTableColumns(table)) as [string, PgColumn][]).filter(
    ([, column]) => !column.generated || column.generated.type === 'byDefault',
  );
  const list: SQL = sql.join(
    columns.map(
      ([key, column]) =>
        sql`${sql.placeholder(`${prefix}.${key}`)}::${sql.raw(column.getSQLType())}`,
    ),
    sql`, `,
  );
  const values = (row: Required<T['$inferInsert']>): Record<string, unknown> =>
    Object.fromEntries(
      columns.map(([key, column]) => {
        const value = (row as Record<string, unknown>)[key] ?? null;
        return [`${prefix}.${key}`, value === null ? null : column.mapToDriverValue(value)];
      }),
    );
  return { list, values };
}

/** A column's name in the database (the schema names columns in snake case, as its casing does). */
const columnName = (column: PgColumn) =>
  column.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Writes many rows of `table` in one statement: `update … from jsonb_to_recordset(…)` sets the
 * columns named by `set` of each row whose `id` matches, where `scope` also holds (the owner).
 * The rows go in as one JSON parameter, each value as JSON gives it (a date as its ISO text), and
 * are read back as their columns' types.
 */
export function updateRows<T extends PgTable, K extends keyof T['$inferSelect'] & string>(
  table: T,
  set: readonly K[],
  rows: readonly (Pick<T['$inferSelect'], K> & { id: string })[],
  scope: SQL,
): SQL {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const named = (['id', ...set] as string[]).map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    return { key, name: columnName(column), type: column.getSQLType() };
  });
  const json = rows.map((row) =>
    Object.fromEntries(named.map(({ key, name }) => [name, (row as Record<string, unknown>)[key]])),
  );
  const ident = (name: string) => sql.identifier(name);
  return sql`update ${table} set ${sql.join(
    named.slice(1).map(({ name }) => sql`${ident(name)} = given.${ident(name)}`),
    sql`, `,
  )} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as given(${sql.join(
    named.map(({ name, type }) => sql`${ident(name)} ${sql.raw(type)}`),
    sql`, `,
  )}) where ${table}.${ident('id')} = given.${ident('id')} and ${scope}`;
}
