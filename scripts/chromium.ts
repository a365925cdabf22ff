/**
 * The system's Chromium (Debian's `chromium` package, or CHROMIUM_PATH), never a downloaded
 * browser, with the flags it needs on a machine with no network beyond localhost.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
