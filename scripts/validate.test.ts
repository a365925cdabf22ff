import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSeconds, runSteps, summary } from './validate-runner.ts';

const node = (code: string) => `node -e ${JSON.stringify(code)}`;

/** Runs steps, collecting what the runner prints. */
async function validate(steps: Parameters<typeof runSteps>[0], jobs = 2) {
  let printed = '';
  const results = await runSteps(steps, { jobs, print: (text) => (printed += text) });
  return { results, printed };
}

describe('the validate runner', () => {
  it('runs independent steps side by side and prints each one’s output whole', async () => {
    // Each step writes in two parts with a pause between: side by side they would interleave.
    const step = (name: string) => ({
      name,
      command: node(
        `process.stdout.write('${name} one\\n'); setTimeout(() => process.stdout.write('${name} two\\n'), 200)`,
      ),
    });
    const { results, printed } = await validate([step('a'), step('b')]);
    expect(results.map((r) => [r.name, r.status])).toEqual([
      ['a', 'passed'],
      ['b', 'passed'],
    ]);
    expect(printed).toMatch(/a one\na two\n/);
    expect(printed).toMatch(/b one\nb two\n/);
  });

  it('keeps going after a failure, skips what needed the failed step, and keeps stderr', async () => {
    const { results, printed } = await validate([
      { name: 'lint', command: node(`console.error('lint said no'); process.exit(2)`) },
      { name: 'build', command: node('') },
      { name: 'e2e', command: node(''), needs: ['lint'] },
      { name: 'budget', command: node(''), needs: ['build'], after: ['e2e'] },
    ]);
    expect(results.map((r) => [r.name, r.status])).toEqual([
      ['lint', 'failed'],
      ['build', 'passed'],
      ['e2e', 'skipped'],
      ['budget', 'passed'],
    ]);
    expect(printed).toContain('lint said no');
    expect(printed).toContain('e2e: skipped (needs lint)');
  });

  it('starts a step named in `after` only once that step has ended, passed or not', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'validate-')), 'first-ended');
    const { results } = await validate(
      [
        {
          name: 'first',
          command: node(
            `setTimeout(() => { require('fs').writeFileSync(${JSON.stringify(marker)}, ''); process.exit(1); }, 200)`,
          ),
        },
        {
          name: 'second',
          command: node(
            `process.exit(require('fs').existsSync(${JSON.stringify(marker)}) ? 0 : 3)`,
          ),
          after: ['first'],
        },
      ],
      4,
    );
    expect(results.map((r) => r.status)).toEqual(['failed', 'passed']);
  });

  it('prints a closing table with every step’s result and time', () => {
    expect(formatSeconds(4.24)).toBe('4.2 s');
    expect(formatSeconds(125)).toBe('2 min 05 s');
    const table = summary(
      [
        { name: 'lint', status: 'passed', seconds: 12.3 },
        { name: 'e2e', status: 'skipped', seconds: 0 },
      ],
      80,
    );
    expect(table).toContain('validate took 1 min 20 s');
    expect(table).toMatch(/lint\s+passed\s+12\.3 s/);
    expect(table).toMatch(/e2e\s+skipped/);
  });
});
