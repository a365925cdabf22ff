// `npm run bench:import`: how long an import of a CSV file takes, end to end through the API in
// process: the preview (read, checked, first rows), then the import job until it is done. On the
// embedded database by default; `--database-url URL` (an admin URL: a fresh database is made
// and dropped) measures PostgreSQL. Each size runs for a new learner, into an empty collection.
// `--source backup` imports a Verba backup instead (five reviews a word, a group, a session a
// day), then the same backup again, which merges every word into itself and adds nothing.
// The process's CPU time is printed beside the wall time: the API runs in this process.
//
//   --sizes 5000,20000   rows per file (default)
//   --source backup      a Verba backup instead of a CSV file
//   --database-url URL   PostgreSQL
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { randomUUID } from 'node:crypto';
import { VERBA_BACKUP, type ImportJob, type ImportPreview } from '@verba/shared';
import { importsSettled } from '../apps/api/src/modules/imports/imports.service.ts';
import { benchHarness } from './harness.ts';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const SIZES = (arg('--sizes') ?? '5000,20000').split(',').map(Number);
const adminUrl = arg('--database-url');
const backup = arg('--source') === 'backup';
const REVIEWS_PER_WORD = 5;

const t = await benchHarness('import', adminUrl);

/** A spreadsheet's export: a header-less CSV with quoted translations, some with commas. */
function csv(rows: number): Uint8Array {
  const lines = Array.from(
    { length: rows },
    (_, i) => `palabra ${i},"word ${i}, meaning number ${i}"`,
  );
  return new TextEncoder().encode(lines.join('\r\n'));
}

/** A learner's "Download my data": words with five answers each, one group, a session a day. */
function backupFile(rows: number): Uint8Array {
  const day = 86_400_000;
  const start = Date.parse('2026-01-01T08:00:00Z');
  const iso = (ms: number) => new Date(ms).toISOString();
  const words = Array.from({ length: rows }, (_, i) => ({
    id: randomUUID(),
    word: `palabra ${i}`,
    translation: `word ${i}, meaning number ${i}`,
    ipa: null,
    reading: null,
    examples: [],
    mnemonic: null,
    synonyms: [],
    grammarType: 'noun',
    cefrLevel: 'A2',
    tags: ['Travel'],
    isFavorite: i % 10 === 0,
    createdAt: iso(start),
    updatedAt: iso(start),
    interval: 8,
    repetitions: REVIEWS_PER_WORD,
    easeFactor: 2.5,
    nextReviewDate: iso(start + 40 * day),
    totalReviews: REVIEWS_PER_WORD,
    correctReviews: REVIEWS_PER_WORD - 1,
    successRate: (REVIEWS_PER_WORD - 1) / REVIEWS_PER_WORD,
    mastered: false,
    stability: 8.5,
    difficulty: 5,
    state: 2,
    lapses: 0,
    learningSteps: 0,
    lastReview: iso(start + 32 * day),
  }));
  const reviewLog = words.flatMap((w, i) =>
    Array.from({ length: REVIEWS_PER_WORD }, (_, n) => ({
      id: randomUUID(),
      wordId: w.id,
      sessionId: null,
      clientId: null,
      practiceType: 'flashcard',
      outcome: n === 1 ? 'incorrect' : 'correct',
      responseTime: 2.5,
      confidenceRating: n === 1 ? 1 : 3,
      rating: n === 1 ? 1 : 3,
      state: n === 0 ? 0 : 2,
      elapsedDays: n * 8,
      scheduledDays: 8,
      durationMs: 2500,
      reviewedAt: iso(start + n * 8 * day + (i % 1000) * 1000),
    })),
  );
  const sessions = Array.from({ length: 30 }, (_, n) => ({
    id: randomUUID(),
    wordIds: words.slice(n * 10, n * 10 + 10).map((w) => w.id),
    startedAt: iso(start + n * day),
    expiresAt: iso(start + n * day + day / 2),
    completedAt: iso(start + n * day + 600_000),
    wordsPracticed: 10,
    correctCount: 8,
    totalTimeSeconds: 300,
    mode: 'daily',
    words: [],
    items: [],
    streakAfter: n + 1,
  }));
  const data = {
    ...VERBA_BACKUP,
    exportedAt: iso(start + 40 * day),
    profile: { totalStudyTime: 150 },
    streak: { current: 30, lastStudyDate: '2026-01-30' },
    words,
    reviewLog,
    sessions,
    groups: [
      {
        id: randomUUID(),
        name: 'Everyday',
        createdAt: iso(start),
        wordIds: words.map((w) => w.id),
      },
    ],
    scheduler: null,
    feedback: [],
  };
  return new TextEncoder().encode(JSON.stringify(data));
}

const upload = (cookie: string, path: string, body: Uint8Array) =>
  t.request(`${path}${backup ? '?source=backup' : ''}`, {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/octet-stream' },
    body,
  });

const results: Record<string, unknown>[] = [];
const database = adminUrl ? 'PostgreSQL' : 'the embedded database';
const what = backup ? `a Verba backup (${REVIEWS_PER_WORD} reviews a word)` : 'a CSV file';
console.log(`Import of ${what} on ${database} (load average ${loadavg()[0]?.toFixed(2)})`);

/** Starts an import of `file` and waits until it has finished. */
async function importFile(cookie: string, file: Uint8Array): Promise<ImportJob> {
  const response = await upload(cookie, '/api/imports', file);
  const job = (await response.json()) as ImportJob;
  await importsSettled();
  return (await (await t.request(`/api/imports/${job.id}`, { cookie })).json()) as ImportJob;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return Math.round((used.user + used.system) / 1000);
};
try {
  for (const rows of SIZES) {
    const learner = await t.signUp();
    const file = backup ? backupFile(rows) : csv(rows);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const previewed = await upload(learner.cookie, '/api/imports/preview', file);
    const preview = (await previewed.json()) as ImportPreview;
    const previewMs = performance.now() - started;
    const done = await importFile(learner.cookie, file);
    const totalMs = performance.now() - started;
    const totalCpuMs = cpuMs(cpu);
    if (preview.valid !== rows || done.status !== 'done' || done.imported !== rows) {
      throw new Error(
        `${rows} rows: preview ${preview.valid}, import ${done.status} ${done.imported}`,
      );
    }
    const row: Record<string, number> = {
      rows,
      previewMs: Math.round(previewMs),
      importMs: Math.round(totalMs - previewMs),
      totalMs: Math.round(totalMs),
      cpuMs: totalCpuMs,
    };
    let again = '';
    if (backup) {
      // The same backup again: every word merges into itself, no review is added twice.
      const againCpu = process.cpuUsage();
      const againStarted = performance.now();
      const merged = await importFile(learner.cookie, file);
      if (merged.status !== 'done' || merged.imported !== 0 || merged.duplicates !== rows) {
        throw new Error(`${rows} rows again: ${merged.status} ${merged.imported}`);
      }
      row.againMs = Math.round(performance.now() - againStarted);
      row.againCpuMs = cpuMs(againCpu);
      again = `; the same backup again (merged, nothing added) in ${row.againMs} ms (CPU ${row.againCpuMs} ms)`;
    }
    results.push(row);
    console.log(
      `${rows.toLocaleString('en-US').padStart(7)} rows: preview ${row.previewMs} ms, import ${row.importMs} ms, parsed, previewed and saved in ${(totalMs / 1000).toFixed(2)} s (CPU ${totalCpuMs} ms)${again}`,
    );
  }
} finally {
  await t.close();
}
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/import-${backup ? 'backup-' : ''}${adminUrl ? 'postgres' : 'embedded'}.json`;
writeFileSync(
  file,
  `${JSON.stringify({ database, date: new Date().toISOString(), loadAverage: loadavg()[0], results }, null, 2)}\n`,
);
console.log(`Written to ${file}`);
