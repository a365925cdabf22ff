// Runs a list of command-line steps, as many at once as allowed. A step starts once the steps it
// names in `after` have ended (to keep heavy steps apart) and those in `needs` have passed (a
// step that needs a failed one is skipped: it would only fail for that reason). A step's output
// is held until it ends and then printed whole under its name, so steps running side by side do
// not interleave. Answers each step's result and time.
import { spawn } from 'node:child_process';

export interface Step {
  name: string;
  command: string;
  /** Steps that must have ended first, whatever their result. */
  after?: string[];
  /** Steps that must have passed first; when one did not, this step is skipped. */
  needs?: string[];
}

export interface StepResult {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  seconds: number;
}

interface Options {
  /** How many steps may run at once. */
  jobs: number;
  env?: NodeJS.ProcessEnv;
  print?: (text: string) => void;
}

/** Runs one shell command with its output (stdout and stderr, in order) collected. */
function run(command: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      resolve({ code: 1, output: Buffer.concat(chunks).toString() });
    });
    child.on('close', (code) =>
      resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString() }),
    );
  });
}

/** Runs `steps` (listed in the order they should start when nothing holds them back). */
export async function runSteps(
  steps: Step[],
  { jobs, env = process.env, print = (t) => process.stdout.write(t) }: Options,
): Promise<StepResult[]> {
  const results = new Map<string, StepResult>();
  const waiting = [...steps];
  const running = new Set<string>();

  return new Promise((resolveAll) => {
    const startReady = () => {
      for (const step of [...waiting]) {
        const needed = (step.needs ?? []).map((name) => results.get(name)?.status);
        if (needed.some((status) => status === 'failed' || status === 'skipped')) {
          waiting.splice(waiting.indexOf(step), 1);
          results.set(step.name, { name: step.name, status: 'skipped', seconds: 0 });
          print(`\n::: ${step.name}: skipped (needs ${(step.needs ?? []).join(', ')})\n`);
          continue;
        }
        const before = [...(step.after ?? []), ...(step.needs ?? [])];
        if (running.size >= jobs || before.some((name) => !results.has(name))) continue;
        waiting.splice(waiting.indexOf(step), 1);
        running.add(step.name);
        const started = performance.now();
        void run(step.command, env).then(({ code, output }) => {
          const seconds = (performance.now() - started) / 1000;
          const status = code === 0 ? 'passed' : 'failed';
          results.set(step.name, { name: step.name, status, seconds });
          running.delete(step.name);
          print(`\n::: ${step.name} (${step.command}): ${status} in ${formatSeconds(seconds)}\n`);
          print(output.endsWith('\n') || output === '' ? output : `${output}\n`);
          startReady();
        });
      }
      if (running.size === 0 && waiting.length === 0) {
        resolveAll(steps.map((step) => results.get(step.name) as StepResult));
      }
    };
    startReady();
  });
}

/** '4.2 s', '2 min 05 s'. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/** The closing table: each step's result and time. */
export function summary(results: StepResult[], totalSeconds: number): string {
  const width = Math.max(...results.map((r) => r.name.length));
  const lines = results.map(
    (r) =>
      `  ${r.name.padEnd(width)}  ${r.status.padEnd(7)}  ${r.status === 'skipped' ? '' : formatSeconds(r.seconds)}`,
  );
  return `\n::: validate took ${formatSeconds(totalSeconds)}\n${lines.join('\n')}\n`;
}
