// `npm run bench:lighthouse`: Lighthouse (mobile) scores of the public pages and, signed in as a
// learner with a few words, of the feed, the word list and the profile, in the production build, in the Chromium that scripts/chromium.ts picks (CHROMIUM_PATH, the system's, or the one
// packaged in @sparticuz/chromium). Budgets (design.md): Performance, Accessibility, Best Practices
// and SEO each ≥ 95. The signed-in pages are kept out of search on purpose (noindex, robots.txt),
// so Lighthouse's crawlability audit is skipped for them.
//
// LIGHTHOUSE_DUMP=<folder> also writes each page's full report (lhr) there as JSON, to see where
// the time goes; LIGHTHOUSE_PAGES=/auth/login,/app/feed measures only those pages.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, resolveChromium } from '../scripts/chromium.ts';
import { signedInLearner, startBenchServer } from './server.ts';

const PUBLIC_PAGES = ['/', '/auth/login', '/auth/signup'];
const SIGNED_IN_PAGES = ['/app/feed', '/app/words', '/app/profile', '/app/progress'];
const METRICS = [
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const BUDGET = 95;
// Audits that do not apply to signed-in pages: they are noindex and disallowed in robots.txt.
const SIGNED_IN_SKIPPED_AUDITS = ['is-crawlable'];
const DUMP_DIR = process.env.LIGHTHOUSE_DUMP;
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
if (DUMP_DIR) mkdirSync(DUMP_DIR, { recursive: true });

const browser = resolveChromium();
const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 4650));
const cookie = await learnerWithWords(server.url);
const chrome = await chromeLauncher.launch({
  chromePath: browser.executablePath,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  envVars: browser.env,
});
console.log(`Chromium: ${browser.description}\n`);
let missed = 0;
try {
  const metricNames = METRICS.map(([name]) => name);
  console.log(`| page | ${[...CATEGORIES, ...metricNames].join(' | ')} |`);
  console.log(`|---|${[...CATEGORIES, ...metricNames].map(() => '---').join('|')}|`);
  const pages = [
    ...PUBLIC_PAGES.map((page) => ({ page, headers: {}, skipAudits: [] as string[] })),
    ...SIGNED_IN_PAGES.map((page) => ({
      page,
      headers: { Cookie: cookie },
      skipAudits: SIGNED_IN_SKIPPED_AUDITS,
    })),
  ].filter(({ page }) => !ONLY_PAGES || ONLY_PAGES.includes(page));
  for (const { page, headers, skipAudits } of pages) {
    const measure = () =>
      lighthouse(`${server.url}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        extraHeaders: headers,
        skipAudits,
      });
    let result = await measure();
    // A run whose trace Chromium failed to record (NO_NAVSTART, say) scores nothing; it says
    // nothing about the page, so the page is measured once more.
    const failure = result?.lhr.runtimeError;
    if (failure) {
      console.log(`    (${page}: ${failure.code}, measured again)`);
      result = await measure();
    }
    if (DUMP_DIR && result) {
      const name = page.replace(/^\/$/, 'landing').replace(/^\//, '').replace(/\//g, '-');
      writeFileSync(join(DUMP_DIR, `${name}.json`), JSON.stringify(result.lhr, null, 2));
    }
    const categories = result?.lhr.categories ?? {};
    const scores = CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100));
    missed += scores.filter((s) => s < BUDGET).length;
    const metrics = METRICS.map(
      ([, id]) => result?.lhr.audits[id]?.displayValue?.replace(/\s/g, ' ') ?? '–',
    );
    const finalUrl = result?.lhr.finalDisplayedUrl ?? '';
    if (!finalUrl.endsWith(page)) console.log(`    (ended on ${finalUrl})`);
    console.log(`| ${page} | ${[...scores, ...metrics].join(' | ')} |`);
    for (const c of CATEGORIES) {
      const audits = categories[c]?.auditRefs ?? [];
      for (const ref of audits) {
        const audit = result?.lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
          console.log(`    ${c}: ${audit.title} (${Math.round(audit.score * 100)})`);
        }
      }
    }
  }
  console.log(
    `\nSigned-in pages (${SIGNED_IN_PAGES.join(', ')}) are kept out of search on purpose ` +
      `(noindex), so their ${SIGNED_IN_SKIPPED_AUDITS.join(', ')} audit is skipped.`,
  );
  console.log(missed === 0 ? `\nevery score ≥ ${BUDGET}` : `\n${missed} score(s) below ${BUDGET}`);
} finally {
  await chrome.kill();
  await server.stop();
}

/** A signed-in learner with a few cards, as the signed-in pages are measured with. */
async function learnerWithWords(url: string): Promise<string> {
  const cookie = await signedInLearner(url);
  const words = [
    ['el gato', 'cat'],
    ['la casa', 'house'],
    ['el perro', 'dog'],
    ['el libro', 'book'],
    ['la mesa', 'table'],
  ];
  for (const [word, translation] of words) {
    const response = await fetch(`${url}/api/words`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ id: crypto.randomUUID(), word, translation }),
    });
    if (!response.ok) throw new Error(`saving a word failed: ${response.status}`);
  }
  return cookie;
}
