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
// Which Chromium (scripts/chromium.ts); e2e/global-setup.ts prints its name and version.
const browser = resolveChromium();

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  globalSetup: './e2e/global-setup.ts',
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
  webServer: {
    command: 'node apps/api/dist/server.mjs',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
    },
  },
});
