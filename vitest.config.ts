import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Three projects: fast pure tests; the web app's components, rendered in a simulated DOM and
// driven as a learner would (Testing Library); and API integration tests that run in-process
// against a real, migrated database (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
// Every project fails a test that logs an unexpected console.error (vitest.setup.ts).
// CI collects machine-readable reports to print one closing count (scripts/test-summary.mjs).
const reportDir = process.env.TEST_REPORT_DIR;
const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
// A timeout ends a test that hangs; it never times one. A shared 2-core machine runs a test many
// times slower than a quiet one, and Vitest's default of 5 s then fails tests that work.
const HUNG_TEST_TIMEOUT = 60_000;

// The web app's `@/` imports, as in apps/web/vite.config.ts.
const webAlias = {
  alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('apps/web/src/', import.meta.url)) }],
};

export default defineConfig({
  test: {
    reporters: reportDir
      ? ['default', ['json', { outputFile: `${reportDir}/vitest-${database}-${Date.now()}.json` }]]
      : ['default'],
    projects: [
      {
        resolve: webAlias,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          setupFiles: ['vitest.setup.ts'],
          testTimeout: HUNG_TEST_TIMEOUT,
        },
      },
      {
        resolve: webAlias,
        test: {
          name: 'components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['vitest.setup.ts', 'apps/web/src/testing/component-setup.ts'],
          testTimeout: HUNG_TEST_TIMEOUT,
        },
      },
      {
        test: {
          name: 'integration',
          // *.pg.int.test.ts need PostgreSQL itself (a connection that can drop, say).
          include: ['apps/api/src/**/*.int.test.ts'],
          exclude: database === 'postgres' ? [] : ['**/*.pg.int.test.ts'],
          // On PostgreSQL every test file gets its own database copied from a migrated template.
          globalSetup: ['apps/api/src/testing/global-setup.ts'],
          setupFiles: ['vitest.setup.ts'],
          testTimeout: HUNG_TEST_TIMEOUT,
          hookTimeout: 2 * HUNG_TEST_TIMEOUT,
        },
      },
    ],
  },
});
