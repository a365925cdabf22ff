// What the database holds after the chaos, against what the server acknowledged: every
// acknowledged word and answer there, each once, and each session's answers logged once.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Ledger } from './workload.ts';

export interface Verdict {
  acknowledged: number;
  lost: number;
  duplicated: number;
  /** Sessions whose answered items and review-log rows disagree. */
  sessionsMiscounted: number;
}

type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

async function judge(query: Query, ledger: Ledger): Promise<Verdict> {
  const words = [...ledger.words];
  const answers = [...ledger.answers];
  const [foundWords] = await query(
    'select count(*)::int as n from words where id = any($1::uuid[])',
    [words],
  );
  const logged = await query(
    'select client_id, count(*)::int as n from review_log where client_id = any($1::text[]) group by client_id',
    [answers],
  );
  // Every save had a text of its own: the same text twice is a save counted twice.
  const [sameText] = await query(
    `select coalesce(sum(n - 1), 0)::int as n from (
       select count(*) as n from words where user_id = any($1::text[]) group by user_id, word
     ) counted where n > 1`,
    [ledger.userIds],
  );
  const [miscounted] = await query(
    `select count(*)::int as n from daily_practice_sessions s
      where s.user_id = any($1::text[])
        and (select count(*) from jsonb_array_elements(s.items) i
              where jsonb_typeof(i -> 'answer') = 'object')
         <> (select count(*) from review_log r where r.session_id = s.id)`,
    [ledger.userIds],
  );
  const loggedOnce = logged.length;
  const loggedTwice = logged.reduce((sum, row) => sum + Math.max(0, Number(row.n) - 1), 0);
  return {
    acknowledged: words.length + answers.length,
    lost: words.length - Number(foundWords?.n ?? 0) + (answers.length - loggedOnce),
    duplicated: loggedTwice + Number(sameText?.n ?? 0),
    sessionsMiscounted: Number(miscounted?.n ?? 0),
  };
}

/** Opens the embedded database's folder (the server must be stopped) and checks it. */
export async function checkEmbedded(dbDir: string, ledger: Ledger): Promise<Verdict> {
  const db = await PGlite.create(dbDir);
  try {
    return await judge(
      async (text, params) => (await db.query(text, params)).rows as never,
      ledger,
    );
  } finally {
    await db.close();
  }
}

export async function checkPostgres(url: string, ledger: Ledger): Promise<Verdict> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await judge(async (text, params) => (await client.query(text, params)).rows, ledger);
  } finally {
    await client.end();
  }
}
