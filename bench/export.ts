// `npm run bench:export`: the exports of a large collection, timed as the learner asks for them.
// A learner with 5,000 words and 50,000 reviews (a year of practice, written straight into the
// database) downloads the Anki package (.apkg), CSV and TSV through the API in process; each is
// asked for 5 times and the median, minimum and maximum are shown, with the file's size and the
// process's peak memory growth. The package is read back to check that every note and review is
// in it. The budget: the .apkg in at most 5 s.
//
//   --words N      words in the collection (default 5,000)
//   --reviews N    reviews in its history (default 50,000)
//   --runs N       downloads per format (default 5)
//   --database-url URL   PostgreSQL (an admin URL: a fresh database is made and dropped)
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { maintainEmbeddedDatabase, schema } from '@verba/db';
import { sql } from 'drizzle-orm';
import { readAnkiPackage } from '../apps/api/src/modules/anki/package.ts';
import { reviewHistorySql } from './review-history.ts';
import { benchHarness } from './harness.ts';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const WORDS = Number(arg('--words')) || 5_000;
const REVIEWS = Number(arg('--reviews')) || 50_000;
const RUNS = Number(arg('--runs')) || 5;
const adminUrl = arg('--database-url');
const BUDGET_MS = 5_000;

const t = await benchHarness('export', adminUrl);
const handle = t.database.handle;
const learner = await t.signUp();
for (let from = 0; from < WORDS; from += 1_000) {
  await t.db.insert(schema.words).values(
    Array.from({ length: Math.min(1_000, WORDS - from) }, (_, k) => {
      const i = from + k;
      return {
        userId: learner.id,
        word: `palabra ${i}`,
        translation: `word ${i}`,
        ipa: 'paˈlaβɾa',
        examples: [
          { target: `Una frase con la palabra ${i}.`, translation: `A sentence with word ${i}.` },
          { target: `Otra frase, número ${i}.`, translation: `Another sentence, number ${i}.` },
        ],
        mnemonic: 'A short story that makes the word stick.',
        synonyms: ['vocablo', 'término'],
        grammarType: 'noun',
        cefrLevel: 'A2',
        tags: ['Travel'],
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
      };
    }),
  );
}
for (const statement of reviewHistorySql(learner.id, REVIEWS))
  await t.db.execute(sql.raw(statement));
await maintainEmbeddedDatabase(handle);
if (handle.kind === 'postgres') await handle.client.query('vacuum analyze');
console.log(`${WORDS} words and ${REVIEWS} reviews written; timing the exports…`);

interface Figure {
  format: string;
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** CPU time of the process (server and embedded database) for one download. */
  medianCpuMs: number;
  bytes: number;
  peakRssGrowthMb: number;
}

const figures: Figure[] = [];
let apkg: Uint8Array | null = null;
for (const format of ['anki', 'csv', 'tsv'] as const) {
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  let peak = 0;
  // One unmeasured download first: the SQLite engine and the statements warm up.
  await t
    .request(`/api/account/export/${format}`, { cookie: learner.cookie })
    .then((r) => r.arrayBuffer());
  for (let run = 0; run < RUNS; run += 1) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss - before);
    }, 10);
    const start = performance.now();
    const cpuBefore = process.cpuUsage();
    const response = await t.request(`/api/account/export/${format}`, { cookie: learner.cookie });
    const body = new Uint8Array(await response.arrayBuffer());
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss - before);
    if (response.status !== 200) throw new Error(`${format}: ${response.status}`);
    bytes = body.length;
    if (format === 'anki') apkg = body;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  figures.push({
    format: format === 'anki' ? 'apkg' : format,
    medianMs: Math.round(times[Math.floor(times.length / 2)]!),
    minMs: Math.round(times[0]!),
    maxMs: Math.round(times.at(-1)!),
    medianCpuMs: Math.round(cpu[Math.floor(cpu.length / 2)]!),
    bytes,
    peakRssGrowthMb: Math.round(peak / 1024 / 1024),
  });
}

const pkg = await readAnkiPackage(apkg!);
const notes = pkg.notes.length;
const reviews = pkg.notes.reduce(
  (n, note) => n + note.cards.reduce((m, c) => m + c.reviews.length, 0),
  0,
);
await t.close();

const database = adminUrl ? 'postgres' : 'embedded';
const apkgFigure = figures.find((f) => f.format === 'apkg')!;
const result = {
  at: new Date().toISOString(),
  database,
  words: WORDS,
  reviews: REVIEWS,
  runs: RUNS,
  loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
  figures,
  readBack: { notes, reviews },
  budgetMs: BUDGET_MS,
  withinBudget: apkgFigure.medianMs <= BUDGET_MS && notes === WORDS && reviews === REVIEWS,
};
console.log(
  `Export of ${WORDS} words with ${REVIEWS} reviews (${database}; load ${result.loadAverage.join(' ')}):`,
);
for (const f of figures) {
  console.log(
    `  ${f.format.padEnd(5)} median ${f.medianMs} ms (min ${f.minMs}, max ${f.maxMs}; CPU ${f.medianCpuMs} ms), ${(f.bytes / 1024 / 1024).toFixed(2)} MB, peak memory growth ${f.peakRssGrowthMb} MB`,
  );
}
console.log(
  `  read back: ${notes} notes, ${reviews} reviews; budget ${BUDGET_MS} ms: ${result.withinBudget ? 'met' : 'MISSED'}`,
);
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/export-${database}.json`, `${JSON.stringify(result, null, 2)}\n`);
if (!result.withinBudget) process.exitCode = 1;
