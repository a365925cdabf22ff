import initSqlJs, { type SqlJsStatic } from 'sql.js';

let engine: Promise<SqlJsStatic> | null = null;

/** SQLite in WebAssembly (sql.js), loaded once per process on first use. */
export function sqlite(): Promise<SqlJsStatic> {
  engine ??= initSqlJs();
  return engine;
}
