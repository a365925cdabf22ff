// `npm run validate`: lint, typecheck and every test, the independent checks side by side.
// Lint, typecheck and the unit and component tests need nothing from each other and start at
// once (up to three, no more than the machine's cores, or VALIDATE_JOBS); the API integration
// tests, the build and the browser tests each load the machine on their own, so they follow, one
// at a time; the bundle budget and the browser tests read the build. Each step's output is
// printed whole when it ends, with its time; a table of every step closes the run. Exits
// non-zero if any step failed.
import { availableParallelism } from 'node:os';
import { runSteps, summary, type Step } from './validate-runner.ts';

const steps: Step[] = [
  { name: 'lint', command: 'npm run lint' },
  { name: 'typecheck', command: 'npm run typecheck' },
  { name: 'unit', command: 'npm run test:unit' },
  { name: 'integration', command: 'npm run test:int', after: ['lint', 'typecheck', 'unit'] },
  { name: 'build', command: 'npm run build', after: ['integration'] },
  { name: 'budget', command: 'npm run test:budget', needs: ['build'] },
  { name: 'e2e', command: 'npx playwright test', needs: ['build'], after: ['budget'] },
];

const jobs = Number(process.env.VALIDATE_JOBS) || Math.min(3, availableParallelism());
const started = performance.now();
// Output goes through a pipe; the steps keep their colours when validate's own goes to a terminal.
const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
const results = await runSteps(steps, { jobs, env });
console.log(summary(results, (performance.now() - started) / 1000));
process.exit(results.every((r) => r.status === 'passed') ? 0 : 1);
