import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Two projects: fast pure tests, and API integration tests that run in-process against a real,
// migrated database (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
// CI collects machine-readable reports to print one closing count (scripts/test-summary.mjs).
const reportDir = process.env.TEST_REPORT_DIR;
const database = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export default defineConfig({
  test: {
    reporters: reportDir
      ? ['default', ['json', { outputFile: `${reportDir}/vitest-${database}-${Date.now()}.json` }]]
      : ['default'],
    projects: [
      {
        // The web app's `@/` imports, as in apps/web/vite.config.ts.
        resolve: {
          alias: [
            { find: /^@\//, replacement: fileURLToPath(new URL('apps/web/src/', import.meta.url)) },
          ],
        },
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
