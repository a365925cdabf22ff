import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, resolveChromium } from './scripts/chromium.ts';

// The production build, started like `npm start`, on a fresh data folder for every run.
const port = Number(process.env.E2E_PORT ?? 4310);
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'verba-e2e-'));
  // Workers inherit the variable, so only the process that made the folder removes it, when it
  // exits: after the web server is stopped (a globalTeardown runs while the server still writes).
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const reportDir = process.env.TEST_REPORT_DIR;
// A fake OpenAI-compatible provider (driven by the tests over HTTP), and a second server with no
// AI provider at all, for hand-written cards (e2e/words.spec.ts).
const noAiPort = port + 1;
const fakeAiPort = port + 2;
// A stand-in PostHog host, which the server without AI reports to (e2e/analytics.spec.ts).
const fakeAnalyticsPort = port + 3;
process.env.E2E_NO_AI_URL = `http://localhost:${noAiPort}`;
process.env.E2E_FAKE_AI_URL = `http://127.0.0.1:${fakeAiPort}`;
process.env.E2E_FAKE_ANALYTICS_URL = `http://127.0.0.1:${fakeAnalyticsPort}`;
const serverEnv = (serverPort: number, dataDir: string) => ({
  PORT: String(serverPort),
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${serverPort}`,
  LOG_LEVEL: 'warn',
  // Every test signs up its own learners, all from this one address: more than a classroom's
  // hour. The sign-up throttle itself is tested in the API's integration tests.
  AUTH_RATE_LIMIT_SIGN_UP: '10000',
});
// Browser tests that drive the shared fakes (the AI provider, the analytics host): one file at a time.
const FAKE_AI_SPECS = [
  /words\.spec\.ts$/,
  /card-preview\.spec\.ts$/,
  /groups\.spec\.ts$/,
  /analytics\.spec\.ts$/,
  /accessibility\.spec\.ts$/,
  /offline\.spec\.ts$/,
  /word-enrichment\.spec\.ts$/,
];
// Which Chromium (scripts/chromium.ts); e2e/global-setup.ts prints its name and version.
const browser = resolveChromium();

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // Sign-ups hash passwords on purpose; on a busy 2-core machine they can take several seconds.
  expect: { timeout: 10_000 },
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  globalSetup: './e2e/global-setup.ts',
  // In the JSON report, so a failure's summary names the browser that saw it.
  metadata: { chromium: browser.description },
  reporter: reportDir
    ? [['list'], ['json', { outputFile: `${reportDir}/playwright-${Date.now()}.json` }]]
    : [['list']],
  use: {
    ...devices['Pixel 7'],
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: browser.executablePath,
      args: CHROMIUM_ARGS,
      env: browser.env,
    },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'app', testIgnore: FAKE_AI_SPECS },
    // These drive the one fake AI provider, whose queue they share: one file at a time.
    { name: 'fake-ai', testMatch: FAKE_AI_SPECS, workers: 1 },
  ],
  webServer: [
    {
      command: 'node apps/api/dist/server.mjs',
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv(port, process.env.E2E_DATA_DIR),
        AI_BASE_URL: `${process.env.E2E_FAKE_AI_URL}/v1`,
        AI_MODEL: 'fake-model',
      },
    },
    {
      command: 'npx tsx apps/api/src/testing/fake-ai-server.ts',
      url: `${process.env.E2E_FAKE_AI_URL}/__fake/requests`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(fakeAiPort) },
    },
    {
      command: 'node apps/api/dist/server.mjs',
      url: `http://localhost:${noAiPort}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Inside the run's data folder, so it is removed with it.
      env: {
        ...serverEnv(noAiPort, join(process.env.E2E_DATA_DIR, 'no-ai-server')),
        POSTHOG_KEY: 'phc_browser_tests',
        POSTHOG_HOST: process.env.E2E_FAKE_ANALYTICS_URL,
      },
    },
    {
      command: 'npx tsx apps/api/src/testing/fake-analytics-server.ts',
      url: `${process.env.E2E_FAKE_ANALYTICS_URL}/__fake/events`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(fakeAnalyticsPort) },
    },
  ],
});
