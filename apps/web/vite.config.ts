import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { marked } from 'marked';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// The route manifest imports @verba/shared, TypeScript source that Node does not load by itself:
// this file is loaded through Vite's module runner (`--configLoader runner`, package.json).
import { APP_MODULE, earlyReadsScript, preloadSources } from './src/config/first-visit';

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:3000';
const BENCHMARK_DOC = fileURLToPath(new URL('../../docs/scheduling-benchmark.md', import.meta.url));
const BENCHMARK_URL = '/docs/scheduling-benchmark.md';
const SRC = fileURLToPath(new URL('./src', import.meta.url));

/**
 * react-router's package exports always point at its development build, which keeps dev-only
 * warnings and checks (remix-run/react-router#12532, #14102). Production builds use the
 * production files that ship beside it.
 */
function reactRouterProductionAliases() {
  const root = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return [
    { find: /^react-router$/, replacement: join(root, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(root, 'dist/production/dom-export.mjs') },
  ];
}

/**
 * The landing page's "How we measured" link points at the scheduling benchmark report. It is
 * written by the benchmark, so it is copied into the build (and served in dev) only when present.
 */
function schedulingBenchmarkDoc(): Plugin {
  return {
    name: 'verba:scheduling-benchmark-doc',
    configureServer(server) {
      server.middlewares.use(BENCHMARK_URL, (_req, res, next) => {
        if (!existsSync(BENCHMARK_DOC)) return next();
        res.setHeader('Content-Type', 'text/markdown; charset=utf-8');
        res.end(readFileSync(BENCHMARK_DOC));
      });
    },
    generateBundle() {
      if (!existsSync(BENCHMARK_DOC)) return;
      this.emitFile({
        type: 'asset',
        fileName: BENCHMARK_URL.slice(1),
        source: readFileSync(BENCHMARK_DOC),
      });
    },
  };
}

/** Writes the early-reads script (src/config/first-visit.ts) where index.html marks it. */
function earlyReads(): Plugin {
  const MARK = /<!-- early-reads:[^>]*-->/;
  return {
    name: 'verba:early-reads',
    transformIndexHtml(html) {
      if (!MARK.test(html)) throw new Error('index.html has no early-reads mark');
      return html.replace(MARK, () => `<script>${earlyReadsScript()}</script>`);
    },
  };
}

const BENCHMARK_MODULE = 'virtual:scheduling-benchmark';

const stripTags = (html: string) => html.replace(/<[^>]+>/g, '').trim();

/**
 * Wide tables scroll sideways on a phone. A scrolling box must be reachable by keyboard to be
 * scrolled without a pointer, so each table sits in a focusable region named after the section
 * it belongs to.
 */
function keyboardScrollableTables(html: string): string {
  let section = 'Report';
  return html.replace(
    /<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>|<table>|<\/table>/g,
    (match, heading: string | undefined) => {
      if (heading !== undefined) {
        section = stripTags(heading).replaceAll('"', '&quot;');
        return match;
      }
      return match === '<table>'
        ? `<div class="doc-table" role="region" tabindex="0" aria-label="${section} (table)"><table>`
        : '</table></div>';
    },
  );
}

/**
 * The "How we measured" page shows the same report as a page of the app: this module holds it
 * as HTML, rendered from the Markdown at build time (null when the report has not been written).
 * The report is the project's own file; nothing a user typed is rendered.
 */
function schedulingBenchmarkPage(): Plugin {
  const resolved = `\0${BENCHMARK_MODULE}`;
  return {
    name: 'verba:scheduling-benchmark-page',
    resolveId: (id) => (id === BENCHMARK_MODULE ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      if (!existsSync(BENCHMARK_DOC)) return 'export default null;';
      this.addWatchFile(BENCHMARK_DOC);
      const html = marked.parse(readFileSync(BENCHMARK_DOC, 'utf8'), { async: false, gfm: true });
      return `export default ${JSON.stringify(keyboardScrollableTables(html))};`;
    },
  };
}

/**
 * The entry picks the page's code at run time (src/main.tsx), so the browser would only learn of
 * it after the entry ran. A tiny inline script asks for it at once, alongside the entry.
 */
function preloadFirstPage(): Plugin {
  // The app chunk holds the router with the layouts every signed-in or sign-in page renders.
  const APP = [APP_MODULE];
  const PRELOADS = preloadSources();
  return {
    name: 'verba:preload-first-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const files = (sources: string[]) => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            const chunk = chunks.find((c) => c.fileName === file);
            if (!chunk || seen.has(file) || chunk.isEntry) return;
            seen.add(file);
            chunk.imports.forEach(visit);
          };
          for (const source of sources) {
            const root = chunks.find((c) => c.facadeModuleId?.endsWith(source));
            if (!root) throw new Error(`No chunk for ${source}`);
            visit(root.fileName);
          }
          return [...seen].map((file) => `/${file}`);
        };
        const table = Object.fromEntries(
          Object.entries(PRELOADS).map(([path, sources]) => [path, files(sources)]),
        );
        const fallback = files(APP);
        const script = `(function(){var t=${JSON.stringify(table)},p=location.pathname.replace(/\\/+$/,'')||'/';(t[p]||${JSON.stringify(fallback)}).forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)})})();`;
        // Placed before the stylesheet and the entry: a script after a stylesheet waits for it,
        // and the page's code should download alongside both rather than after the CSS.
        const at = html.search(/<script type="module"|<link rel="stylesheet"/);
        if (at < 0) throw new Error('index.html has no entry script or stylesheet');
        return `${html.slice(0, at)}<script>${script}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${SRC}/` },
      ...(command === 'build' ? reactRouterProductionAliases() : []),
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    schedulingBenchmarkDoc(),
    schedulingBenchmarkPage(),
    preloadFirstPage(),
    earlyReads(),
    VitePWA({
      strategies: 'generateSW',
      // A new version waits until the learner chooses to reload (features/install's update
      // prompt): a page is never reloaded under them mid-session.
      registerType: 'prompt',
      // A tiny external script registers /sw.js on page load, outside the app's chunks.
      injectRegister: 'script-defer',
      filename: 'sw.js',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'robots.txt'],
      manifest: {
        id: '/',
        name: 'Verba',
        short_name: 'Verba',
        description:
          'Just vocabulary, nothing disturbing. Learn words with AI word cards and spaced repetition.',
        lang: 'en',
        start_url: '/app/feed',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#4f46e5',
        categories: ['education', 'productivity'],
        shortcuts: [
          {
            name: 'Practice',
            short_name: 'Practice',
            description: "Start today's practice",
            url: '/app/feed',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Add word',
            short_name: 'Add word',
            description: 'Add a word to your collection',
            url: '/app/words',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'icons/*.png', 'apple-touch-icon.png'],
        // Analytics load only where they are switched on; never part of the offline shell.
        globIgnores: ['**/posthog-*.js'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/docs\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    manifest: true,
    rollupOptions: {
      output: {
        // The analytics library gets a name of its own, so the offline shell can leave it out.
        codeSplitting: {
          groups: [
            { name: 'posthog', test: /\/node_modules\/posthog-js\//, priority: 2 },
            // What every gated page needs (router, data layer, toasts, session helpers, the small
            // form parts and helpers most pages share) as one file: each extra file costs a round
            // trip before the first paint. Our own part is what sits in a `core/` folder
            // (src/lib/core/, src/components/ui/core/); nothing the landing page or the entry
            // loads belongs there.
            {
              name: 'app-core',
              test: (id: string) =>
                /\/node_modules\/(react-router|@tanstack|sonner)\//.test(id) ||
                /\/apps\/web\/src\/(lib|components\/ui)\/core\/[^/]+\.tsx?$/.test(id),
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
    // Flags stay separate files (precached for offline use) rather than growing the pages' code.
    assetsInlineLimit: (file: string) => (file.includes('/circle-flags/') ? false : undefined),
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: API_TARGET,
        changeOrigin: true,
        // The page's Origin passes through untouched: `npm run dev` sets PUBLIC_URL to this
        // server, the only origin the API accepts writes from.
      },
    },
  },
  preview: { port: 4173 },
}));
