// Adds up the JSON reports of every Vitest and Playwright run in a folder and prints one line,
// "N passed, N failed", so a CI log ends with the whole count, and above it the name, file and
// first lines of the error of every test that failed (a CI log may keep only its last lines).
// Exits non-zero if anything failed or no test ran at all.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const folder = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

// The first lines of an error: its message, and for a browser test the locator, the expected and
// received values and the start of the call log, enough to tell a timing from a wrong value.
const firstLines = (text = '', count = 1) =>
  text
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, count)
    .join('\n    ');

function vitestFailures(report) {
  for (const file of report.testResults) {
    const name = relative(process.cwd(), file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(`${name}: ${test.fullName}\n    ${firstLines(test.failureMessages[0], 3)}`);
    }
    // A file that failed to load has no failed test of its own to name.
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(`${name}: ${firstLines(file.message)}`);
    }
  }
}

function playwrightFailures(suite, browser, titles = []) {
  for (const child of suite.suites ?? []) {
    playwrightFailures(child, browser, [...titles, child.title]);
  }
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status === 'expected' || test.status === 'skipped') continue;
      const error = test.results.find((result) => result.error)?.error?.message;
      const where = `${spec.file}:${spec.line}`;
      const title = [...titles.slice(1), spec.title].filter(Boolean).join(' › ');
      failures.push(
        `${where} [${test.projectName}] ${title} (${test.status}, ${browser})\n    ${firstLines(error, 8)}`,
      );
    }
  }
}

for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(folder, file), 'utf8'));
  if (file.startsWith('vitest')) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    vitestFailures(report);
  } else if (file.startsWith('playwright')) {
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky;
    skipped += report.stats.skipped;
    playwrightFailures(report, report.config.metadata?.chromium ?? 'Chromium');
  }
}

// eslint-disable-next-line no-control-regex -- the terminal colours in error messages
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');
if (failures.length > 0) console.log(`Failed:\n${failures.map((f) => `  ${plain(f)}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
