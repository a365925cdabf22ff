import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, resolveChromium } from '../scripts/chromium.ts';

/** Starts the chosen Chromium once and names it, or says clearly why it cannot start. */
export default async function globalSetup() {
  const browser = resolveChromium();
  let version: string;
  try {
    const launched = await chromium.launch({
      executablePath: browser.executablePath,
      args: CHROMIUM_ARGS,
      env: browser.env,
    });
    version = launched.version();
    await launched.close();
  } catch (error) {
    throw new Error(
      `The browser tests could not start Chromium (${browser.description}): ` +
        `${error instanceof Error ? error.message : String(error)}\n` +
        'Set CHROMIUM_PATH to a working Chromium or Chrome executable, or CHROMIUM_PATH=packaged ' +
        'for the one in the npm package @sparticuz/chromium.',
      { cause: error },
    );
  }
  console.log(`Browser tests run in Chromium ${version}: ${browser.description}`);
}
