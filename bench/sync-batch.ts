// The offline outbox's worst case for `npm run bench:api`: 500 answers queued on a device (25
// daily sessions of 5 words, each with its start and completion), sent as one batch to
// POST /api/practice/sync. Each run sends a new batch; budget (issue 26): ≤ 2 s on the embedded
// database, ≤ 1 s on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { buildItems, type SyncEntry, type SyncResponse } from '@verba/shared';
import type { CookieJar, Row } from './load.ts';

const SESSIONS = 25;
const WORDS_PER_SESSION = 5;
const RUNS = 5;
/** The words one batch practises. */
export const BATCH_WORDS = SESSIONS * WORDS_PER_SESSION;

export interface ListedWord {
  id: string;
  word: string;
  translation: string;
}

/** Words of the learner's collection to practise: 125, one page at a time. */
export async function practisedWords(url: string, cookie: string): Promise<ListedWord[]> {
  const words: ListedWord[] = [];
  while (words.length < SESSIONS * WORDS_PER_SESSION) {
    const response = await fetch(`${url}/api/words?limit=100&offset=${words.length}`, {
      headers: { cookie },
    });
    const page = (await response.json()) as { words: ListedWord[]; hasMore: boolean };
    words.push(...page.words);
    if (!page.hasMore) break;
  }
  return words.slice(0, SESSIONS * WORDS_PER_SESSION);
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A time `daysAgo` days back, `minutes` after 01:00 UTC on that day (today counts from three hours
 * ago): a batch's sessions, nine minutes in all, start and end on one day, as a session ends with
 * its day.
 */
export const earlyOnDay = (daysAgo: number, minutes = 0) =>
  (Math.floor((Date.now() - 3 * HOUR_MS) / DAY_MS) - daysAgo) * DAY_MS + HOUR_MS + minutes * 60_000;

/** One device's outbox: every session started, answered right item by item, completed. */
export function outbox(words: ListedWord[], startMs: number): SyncEntry[] {
  const entries: SyncEntry[] = [];
  let ms = startMs;
  const at = () => new Date((ms += 1_000)).toISOString();
  const translations = words.map((w) => w.translation);
  for (let s = 0; s < SESSIONS; s++) {
    const picked = words.slice(s * WORDS_PER_SESSION, (s + 1) * WORDS_PER_SESSION);
    const sessionId = randomUUID();
    const items = buildItems(
      picked.map((w) => ({ ...w, repetitions: 0 })),
      { mode: 'daily', translations, random: Math.random },
    );
    entries.push({
      kind: 'start',
      id: sessionId,
      at: at(),
      timeZone: 'UTC',
      mode: 'daily',
      wordIds: picked.map((w) => w.id),
      items: items.map(({ wordId, type, direction, options, correctOption }) => ({
        wordId,
        type,
        direction,
        options,
        correctOption,
      })),
    });
    for (const item of items) {
      const word = picked.find((w) => w.id === item.wordId)!;
      entries.push({
        kind: 'answer',
        id: randomUUID(),
        at: at(),
        timeZone: 'UTC',
        sessionId,
        itemIndex: item.index,
        responseTimeMs: 4_000,
        answer:
          item.type === 'flashcard'
            ? { type: 'flashcard', knew: true }
            : item.type === 'multiple-choice'
              ? { type: 'multiple-choice', optionIndex: item.correctOption ?? 0 }
              : { type: 'spelling', text: word.word },
      });
    }
    entries.push({ kind: 'complete', id: randomUUID(), at: at(), timeZone: 'UTC', sessionId });
  }
  return entries;
}

/** Sends a new 500-answer batch `RUNS` times, after one unmeasured, and reports the median and the slowest. */
export async function syncBatchRow(
  url: string,
  learner: CookieJar,
  budgetMs: number,
): Promise<Row> {
  const words = await practisedWords(url, learner.header());
  const times: number[] = [];
  let errors = 0;
  let bytes = 0;
  // A first batch unmeasured, as the other cases warm up.
  for (let run = -1; run < RUNS; run++) {
    // Each run's answers come ten minutes after the last run's.
    const entries = outbox(words, earlyOnDay(0, (run + 1) * 10));
    const answers = entries.filter((e) => e.kind === 'answer').length;
    const started = performance.now();
    const response = await fetch(`${url}/api/practice/sync`, {
      method: 'POST',
      headers: { cookie: learner.header(), 'content-type': 'application/json' },
      body: JSON.stringify({ entries }),
    });
    const text = await response.text();
    if (run >= 0) {
      times.push(performance.now() - started);
      bytes += text.length;
    }
    const notApplied = response.ok
      ? (JSON.parse(text) as SyncResponse).results.filter((r) => r.status !== 'applied')
      : [];
    if (!response.ok || notApplied.length > 0 || answers !== SESSIONS * WORDS_PER_SESSION * 4) {
      errors++;
      const first = notApplied[0];
      console.error(
        `sync run ${run + 1}: ${response.status}, ${notApplied.length} entries not applied${
          first ? ` (the first: ${first.kind} ${first.status}, ${first.reason})` : ''
        }`,
      );
    }
  }
  console.log(`practice: sync, each run (ms): ${times.map(Math.round).join(', ')}`);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const slowest = times.at(-1)!;
  const met = slowest <= budgetMs && errors === 0;
  return {
    name: `practice: sync 500 offline answers (one batch, ${RUNS} runs)`,
    processes: 1,
    rps: 0,
    p50: Math.round(median),
    p90: Math.round(slowest),
    p99: Math.round(slowest),
    errors,
    kB: bytes / RUNS / 1000,
    budgetP99Ms: budgetMs,
    budget: `slowest ≤ ${budgetMs} ms: ${met ? 'met' : 'MISSED'}`,
    met,
  };
}
