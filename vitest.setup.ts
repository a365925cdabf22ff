import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

/**
 * Fails a test that logs an unexpected `console.error` (a React warning, a rejected promise
 * someone caught and logged, a failure the code swallowed). A test for which an error log is the
 * expected behaviour says so and checks it:
 *
 *   const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
 *   …
 *   expect(logged).toHaveBeenCalledWith(expect.stringContaining('…'));
 *
 * A spy with its own implementation replaces this guard's for that test.
 */
let unexpected: string[] = [];
let original: typeof console.error | undefined;

beforeEach(() => {
  unexpected = [];
  original = console.error;
  const passOn = original;
  console.error = (...args: unknown[]) => {
    unexpected.push(format(...args));
    passOn(...args);
  };
});

afterEach(() => {
  if (original) console.error = original;
  original = undefined;
  if (unexpected.length === 0) return;
  const logged = unexpected.map((line) => `  ${line.split('\n')[0]}`).join('\n');
  unexpected = [];
  throw new Error(
    `console.error was called without the test expecting it:\n${logged}\n` +
      'Fix the cause, or spy on console.error in the test and assert the call.',
  );
});
