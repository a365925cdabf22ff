/**
 * The one place that decides which Chromium the browser tests and the Lighthouse benchmark drive,
 * never a browser downloaded from outside the npm registry. In order:
 *
 * 1. `CHROMIUM_PATH`, when set: the path of a Chromium or Chrome executable; the value `packaged`
 *    forces the npm-packaged one (CI uses it so that fallback keeps working).
 * 2. The system's Chromium: `/usr/bin/chromium` (Debian's `chromium` package), else `chromium` on
 *    PATH. Fastest to start, and what CI installs.
 * 3. The Chromium shipped inside the devDependency `@sparticuz/chromium`, so `npm ci && npm test`
 *    needs nothing but Node: no root, no system package, no download.
 */
import { execFileSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';

/**
 * Flags for every Chromium we launch, the system's or the packaged one, on a machine with no
 * network beyond localhost. The packaged Chromium's own defaults (`chromium.args`) are not used:
 * they are made for AWS Lambda. `--single-process` and `--no-zygote` (needed there to avoid a
 * prctl error, not here) put pages, their service workers and the browser into one process,
 * unlike the browsers learners use (service workers do still run under them), and
 * `--disable-web-security` and `--allow-running-insecure-content` switch off the same-origin and
 * mixed-content checks the app has to pass. So every browser runs with the same flags: no sandbox
 * (containers often forbid the namespaces it needs; the tests load only our own pages), no GPU,
 * and nothing that calls home.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
export const PACKAGED = 'packaged';
const PACKAGE = '@sparticuz/chromium';

export type ChromiumPick =
  { source: 'CHROMIUM_PATH' | 'system'; path: string } | { source: 'packaged'; forced: boolean };

/**
 * Which browser to use, from the environment and a check that a path is an executable file
 * (injected, so the order can be tested on a machine whatever it has installed).
 */
export function pickChromium(
  env: { CHROMIUM_PATH?: string | undefined; PATH?: string | undefined },
  isExecutable: (path: string) => boolean,
): ChromiumPick {
  const wanted = env.CHROMIUM_PATH?.trim();
  if (wanted === PACKAGED) return { source: 'packaged', forced: true };
  if (wanted) {
    if (!isExecutable(wanted)) {
      throw new Error(
        `CHROMIUM_PATH=${wanted} is not an executable file. Point it at a Chromium or Chrome ` +
          `executable, set CHROMIUM_PATH=${PACKAGED} for the Chromium in ${PACKAGE}, or unset it.`,
      );
    }
    return { source: 'CHROMIUM_PATH', path: wanted };
  }
  if (isExecutable(SYSTEM_CHROMIUM)) return { source: 'system', path: SYSTEM_CHROMIUM };
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'chromium');
    if (isExecutable(candidate)) return { source: 'system', path: candidate };
  }
  return { source: 'packaged', forced: false };
}

export function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export interface Chromium {
  executablePath: string;
  /** The environment the browser process gets. */
  env: Record<string, string>;
  /** Where it comes from, for the line the test run prints. */
  description: string;
}

let resolved: Chromium | undefined;

/** The browser to launch, unpacking the packaged one on first use. Synchronous: configs need it. */
export function resolveChromium(): Chromium {
  resolved ??= build(pickChromium(process.env, isExecutableFile));
  return resolved;
}

function build(pick: ChromiumPick): Chromium {
  const env = processEnv();
  if (pick.source !== 'packaged') {
    const description =
      pick.source === 'system' ? `system Chromium, ${pick.path}` : `CHROMIUM_PATH=${pick.path}`;
    return { executablePath: pick.path, env, description };
  }
  const { dir, version } = unpackPackaged();
  return {
    executablePath: join(dir, 'chromium'),
    env: {
      ...env,
      // The NSS, NSPR and expat libraries the binary links to, shipped beside it in the package
      // (a fresh Debian may have none of them).
      LD_LIBRARY_PATH: [join(dir, 'al2023', 'lib'), env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_FILE: join(dir, 'fonts.conf'),
    },
    description:
      `${PACKAGE} ${version}` +
      (pick.forced ? ` (CHROMIUM_PATH=${PACKAGED})` : ', as no system Chromium was found'),
  };
}

function readManifest(dir: string): { name?: string; version?: string } | undefined {
  const file = join(dir, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

function processEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}

/**
 * Unpacks the packaged Chromium once per package version into node_modules/.cache (about 210 MB,
 * removed with node_modules; a few seconds to unpack again) and returns its folder.
 */
function unpackPackaged(): { dir: string; version: string } {
  const require = createRequire(import.meta.url);
  let packageDir: string;
  try {
    packageDir = dirname(require.resolve(PACKAGE));
  } catch {
    throw new Error(
      `No Chromium found: CHROMIUM_PATH is unset, there is no ${SYSTEM_CHROMIUM} or chromium on ` +
        `PATH, and the devDependency ${PACKAGE} is not installed (run npm ci).`,
    );
  }
  // Up from its entry point (build/…) to its own package.json.
  let manifest = readManifest(packageDir);
  while (manifest?.name !== PACKAGE && dirname(packageDir) !== packageDir) {
    packageDir = dirname(packageDir);
    manifest = readManifest(packageDir);
  }
  const version = manifest?.version ?? 'unknown';
  // node_modules/@sparticuz/chromium → node_modules/.cache/verba-chromium/<version>
  const dir = join(packageDir, '..', '..', '.cache', 'verba-chromium', version);
  if (existsSync(join(dir, 'chromium'))) return { dir, version };

  // Unpacked into a folder of its own and renamed when complete, so an interrupted unpack is never
  // mistaken for a browser, and two processes unpacking at once do not write into each other.
  const staging = `${dir}.${process.pid}.partial`;
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    // The package's own unpacker writes into os.tmpdir(), so it runs in a child process whose
    // TMPDIR is the staging folder. It unpacks the libraries it ships for Amazon Linux (NSS,
    // NSPR, expat) only when it believes it runs on AWS Lambda; the child says so, because a
    // fresh Debian may lack them too. Fonts and SwiftShader come along; we use the fonts.
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { default: chromium } = await import(${JSON.stringify(PACKAGE)});
         process.stdout.write(await chromium.executablePath());`,
      ],
      {
        cwd: join(packageDir, '..', '..', '..'),
        env: { ...process.env, TMPDIR: staging, AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs20.x' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    if (!existsSync(join(staging, 'chromium'))) {
      throw new Error(`${PACKAGE} did not unpack a chromium binary into ${staging}`);
    }
    // The package's fonts.conf names /tmp/fonts; ours names where the fonts are, and the system's.
    writeFileSync(
      join(staging, 'fonts.conf'),
      `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${join(dir, 'fonts')}</dir>
  <dir>/usr/share/fonts</dir>
  <cachedir>${join(dir, 'fonts-cache')}</cachedir>
</fontconfig>
`,
    );
    // Unless another process finished first (then its copy is used), a folder left there
    // without a browser in it is replaced.
    if (!existsSync(join(dir, 'chromium'))) {
      rmSync(dir, { recursive: true, force: true });
      try {
        renameSync(staging, dir);
      } catch (error) {
        if (!existsSync(join(dir, 'chromium'))) throw error;
      }
    }
  } catch (error) {
    throw new Error(
      `Could not unpack the Chromium in ${PACKAGE} ${version} into ${dir}: ` +
        (error instanceof Error ? error.message : String(error)),
      { cause: error },
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { dir, version };
}
