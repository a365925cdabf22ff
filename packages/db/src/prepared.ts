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
