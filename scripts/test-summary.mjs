// Adds up the JSON reports of every Vitest and Playwright run in a folder and prints one line,
// "N passed, N failed", so a CI log ends with the whole count. Exits non-zero if anything failed
// or no test ran at all.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(folder, file), 'utf8'));
  if (file.startsWith('vitest')) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  } else if (file.startsWith('playwright')) {
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky;
    skipped += report.stats.skipped;
  }
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
