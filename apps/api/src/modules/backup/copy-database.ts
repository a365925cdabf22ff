import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** Rows read and written per statement while copying a table. */
const PAGE_ROWS = 2_000;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The app's tables (schema `public`), each after the tables its foreign keys point to. */
async function tablesInDependencyOrder(target: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await target.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const { rows: edges } = await target.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const edge of edges) if (edge.child === name) visit(edge.parent, path);
    ordered.push(name);
  };
  for (const { name } of tables) visit(name, new Set());
  return ordered;
}

/** Columns a row can be given: generated ones are computed again by the target. */
async function writableColumns(target: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await target.query<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [`public.${quote(table)}`],
  );
  return rows.map((r) => r.name);
}

export class TargetNotEmptyError extends Error {}

/**
 * Copies every row of an embedded database into a PostgreSQL database with the same (migrated)
 * schema, in one transaction: the target ends with all of it or none. Passwords are hashes in the
 * `account` table and come along like every other row.
 */
export async function copyDatabase(
  source: PGlite,
  target: pg.ClientBase,
): Promise<Map<string, number>> {
  const copied = new Map<string, number>();
  await target.query('begin');
  try {
    const tables = await tablesInDependencyOrder(target);
    for (const table of tables) {
      const { rows } = await target.query(`select 1 from public.${quote(table)} limit 1`);
      if (rows.length > 0) {
        throw new TargetNotEmptyError(
          `The target database already has data (table ${table}): move into an empty database.`,
        );
      }
    }
    for (const table of tables) {
      const columns = (await writableColumns(target, table)).map(quote).join(', ');
      let count = 0;
      for (let offset = 0; ; offset += PAGE_ROWS) {
        const page = await source.query<{ rows: string; n: number }>(
          `select coalesce(json_agg(p), '[]')::text as rows, count(*)::int as n
           from (select * from public.${quote(table)} order by ctid limit ${PAGE_ROWS} offset ${offset}) p`,
        );
        const { rows, n } = page.rows[0] ?? { rows: '[]', n: 0 };
        if (n === 0) break;
        await target.query(
          `insert into public.${quote(table)} (${columns}) overriding system value
           select ${columns} from json_populate_recordset(null::public.${quote(table)}, $1::json)`,
          [rows],
        );
        count += n;
        if (n < PAGE_ROWS) break;
      }
      copied.set(table, count);
    }
    // Sequences continue after the rows copied.
    const { rows: sequences } = await target.query<{ seq: string; tbl: string; col: string }>(
      `select s.oid::regclass::text as seq, t.relname as tbl, a.attname as col
       from pg_class s join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       join pg_namespace n on n.oid = t.relnamespace
       where s.relkind = 'S' and n.nspname = 'public'`,
    );
    for (const { seq, tbl, col } of sequences) {
      await target.query(
        `select setval($1::regclass, coalesce(max(${quote(col)}), 1), max(${quote(col)}) is not null) from public.${quote(tbl)}`,
        [seq],
      );
    }
    await target.query('commit');
    return copied;
  } catch (error) {
    await target.query('rollback');
    throw error;
  }
}
