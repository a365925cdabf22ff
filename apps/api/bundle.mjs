// Bundles the API server with the workspace packages it imports; npm packages stay external.
// `node build.mjs` writes dist/; tests build into a folder of their own.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const DIST = fileURLToPath(new URL('./dist', import.meta.url));

// Worker threads and the operator's commands are entries of their own: the retention table's (modules/scheduling/learner-policy.ts)
// and the password checker's (lib/password-strength.ts).
export const buildApi = (outdir = DIST) =>
  build({
    entryPoints: {
      server: new URL('./src/index.ts', import.meta.url).pathname,
      'policy-worker': new URL('./src/modules/scheduling/policy-worker.ts', import.meta.url)
        .pathname,
      'password-worker': new URL('./src/lib/password-worker.ts', import.meta.url).pathname,
      // The operator's commands: npm run backup, restore, migrate-to-postgres.
      backup: new URL('./src/cli/backup.ts', import.meta.url).pathname,
      restore: new URL('./src/cli/restore.ts', import.meta.url).pathname,
      'migrate-to-postgres': new URL('./src/cli/migrate-to-postgres.ts', import.meta.url).pathname,
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@verba/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
