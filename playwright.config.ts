import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The production build, started like `npm start`, on a fresh data folder for every run.
const port = Number(process.env.E2E_PORT ?? 4310);
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'verba-e2e-'));
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: reportDir
    ? [['list'], ['json', { outputFile: `${reportDir}/playwright-${Date.now()}.json` }]]
    : [['list']],
  use: {
    ...devices['Pixel 7'],
    baseURL: `http://localhost:${port}`,
    // System Chromium only: never a downloaded browser.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
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
