#!/usr/bin/env node
// Measures the JavaScript each budgeted page loads (design.md "Budgets"): the gzip size of every
// file in the page's static import graph, read from the build manifest. Exits 1 when a page is
// over budget. Usage: npm run build -w @verba/web && node apps/web/scripts/measure-bundle.mjs
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const KB = 1000;
const print = (line) => process.stdout.write(`${line}\n`);

/**
 * Each page: the manifest entries it loads. A visit to / renders the landing module straight
 * from the entry (src/main.tsx); any other path loads the app (router) and its matched routes.
 */
const PAGES = [
  { name: 'landing (/)', budgetKb: 100, entries: ['index.html', 'src/app/routes/landing.tsx'] },
  {
    name: 'feed (/app/feed)',
    budgetKb: 180,
    entries: ['index.html', 'src/app/index.tsx', 'src/app/routes/app/feed.tsx'],
  },
  {
    name: 'words (/app/words)',
    budgetKb: 180,
    entries: ['index.html', 'src/app/index.tsx', 'src/app/routes/app/words.tsx'],
  },
  {
    name: 'profile (/app/profile)',
    budgetKb: 180,
    entries: ['index.html', 'src/app/index.tsx', 'src/app/routes/app/profile.tsx'],
  },
  {
    name: 'progress (/app/progress)',
    budgetKb: 180,
    entries: ['index.html', 'src/app/index.tsx', 'src/app/routes/app/progress.tsx'],
  },
];

const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}. Run \`npm run build -w @verba/web\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipSize = (buffer) => gzipSync(buffer).length;

/** Every file reached from the entries through static imports (what the browser must fetch). */
function staticGraph(entries) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(
        `The build manifest has no entry "${key}"; update PAGES in measure-bundle.mjs.`,
      );
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const entry of entries) visit(entry);
  return [...files];
}

/** Scripts every page runs besides the chunks: the service-worker registration and inline scripts. */
function pageScripts() {
  const scripts = [];
  if (existsSync(join(dist, 'registerSW.js'))) {
    scripts.push({ file: 'registerSW.js', bytes: readFileSync(join(dist, 'registerSW.js')) });
  }
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join('\n');
  if (inline.trim())
    scripts.push({ file: 'index.html (inline scripts)', bytes: Buffer.from(inline) });
  return scripts;
}

const format = (bytes) => `${(bytes / KB).toFixed(2)} kB`;
let failed = false;

for (const page of PAGES) {
  const rows = staticGraph(page.entries).map((file) => {
    const bytes = readFileSync(join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSize(bytes) };
  });
  for (const { file, bytes } of pageScripts())
    rows.push({ file, raw: bytes.length, gzip: gzipSize(bytes) });
  rows.sort((a, b) => b.gzip - a.gzip);

  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);
  const over = total > page.budgetKb * KB;
  const enforced = page.enforced !== false;
  failed ||= over && enforced;

  const width = Math.max(...rows.map((row) => row.file.length), 5);
  print(`\n${page.name}: budget ${page.budgetKb} kB gzip`);
  print(`  ${'file'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
  for (const row of rows) {
    print(
      `  ${row.file.padEnd(width)}  ${format(row.raw).padStart(10)}  ${format(row.gzip).padStart(10)}`,
    );
  }
  print(
    `  ${'total'.padEnd(width)}  ${format(totalRaw).padStart(10)}  ${format(total).padStart(10)}  ${over ? (enforced ? 'OVER BUDGET' : 'OVER BUDGET (not enforced yet)') : 'ok'}`,
  );
}

process.exit(failed ? 1 : 0);
