// `npm run bench:lighthouse`: Lighthouse (mobile) scores of the public pages of the production
// build, in the Chromium that scripts/chromium.ts picks (CHROMIUM_PATH, the system's, or the one
// packaged in @sparticuz/chromium). Budgets (design.md): Performance, Accessibility, Best Practices
// and SEO each ≥ 95.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, resolveChromium } from '../scripts/chromium.ts';
import { startBenchServer } from './server.ts';

const PAGES = ['/', '/auth/login', '/auth/signup'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const BUDGET = 95;

const browser = resolveChromium();
const server = await startBenchServer(4650);
const chrome = await chromeLauncher.launch({
  chromePath: browser.executablePath,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  envVars: browser.env,
});
console.log(`Chromium: ${browser.description}\n`);
let missed = 0;
try {
  console.log(`| page | ${CATEGORIES.join(' | ')} |`);
  console.log(`|---|${CATEGORIES.map(() => '---').join('|')}|`);
  for (const page of PAGES) {
    const result = await lighthouse(`${server.url}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const categories = result?.lhr.categories ?? {};
    const scores = CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100));
    missed += scores.filter((s) => s < BUDGET).length;
    console.log(`| ${page} | ${scores.join(' | ')} |`);
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
  console.log(missed === 0 ? `\nevery score ≥ ${BUDGET}` : `\n${missed} score(s) below ${BUDGET}`);
} finally {
  await chrome.kill();
  await server.stop();
}
