import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY_LAMBDA, DEFAULT_WEIGHTS } from './constants.ts';
import {
  computeRetentionPolicy,
  defaultRetentionPolicy,
  evaluateRetentionPolicy,
  intervalForRetention,
  parseRetentionPolicy,
  policyInterval,
  policyRetention,
  serializeRetentionPolicy,
} from './retention-policy.ts';

const LAMBDAS = [0, 0.25, 1, 4, 16, 64];
const tables = LAMBDAS.map((lambda) => computeRetentionPolicy({ lambda }));
const STATES: [number, number][] = [];
for (const s of [0.5, 2, 7, 20, 60, 200, 800, 3000])
  for (const d of [1, 3, 5, 7, 9, 10]) STATES.push([s, d]);

// Each table takes a fraction of a second alone; the generous timeout is for a machine busy with other work.
describe('per-state retention policy', () => {
  it('keeps every retention within the safe range, at grid points and between them', () => {
    for (const t of tables) {
      for (const r of t.retention) {
        expect(r).toBeGreaterThanOrEqual(0.75);
        expect(r).toBeLessThanOrEqual(0.97);
      }
      for (const [s, d] of [...STATES, [1e-4, 0.5], [1e6, 11]] as [number, number][]) {
        const r = policyRetention(t, s, d);
        expect(r).toBeGreaterThanOrEqual(0.75);
        expect(r).toBeLessThanOrEqual(0.97);
      }
    }
    const narrow = computeRetentionPolicy({ lambda: 4, minRetention: 0.85, maxRetention: 0.9 });
    expect(Math.min(...narrow.retention)).toBeGreaterThanOrEqual(0.85);
    expect(Math.max(...narrow.retention)).toBeLessThanOrEqual(0.9);
  });

  it('spends less review time, and keeps less recall, as λ grows: monotone in λ from every state', () => {
    const evaluated = tables.map((t) => evaluateRetentionPolicy(t));
    for (const [s, d] of STATES) {
      const outcomes = evaluated.map((e) => e(s, d));
      for (let k = 1; k < outcomes.length; k++) {
        const tol = 1e-6 * outcomes[k - 1]!.reviewSeconds + 1e-9;
        expect(outcomes[k]!.reviewSeconds).toBeLessThanOrEqual(
          outcomes[k - 1]!.reviewSeconds + tol,
        );
        expect(outcomes[k]!.recall).toBeLessThanOrEqual(outcomes[k - 1]!.recall + 1e-6);
      }
      expect(outcomes.at(-1)!.reviewSeconds).toBeLessThan(outcomes[0]!.reviewSeconds);
    }
    // The mean target over the grid falls with λ too.
    const mean = (t: (typeof tables)[number]) =>
      t.retention.reduce((a, b) => a + b, 0) / t.retention.length;
    for (let k = 1; k < tables.length; k++)
      expect(mean(tables[k]!)).toBeLessThan(mean(tables[k - 1]!));
    // λ = 0 values only recall: stable words are kept at the top of the range; a large λ puts them at the bottom.
    expect(policyRetention(tables[0]!, 100, 5)).toBe(0.97);
    expect(policyRetention(tables.at(-1)!, 100, 5)).toBe(0.75);
  });

  it('is deterministic and survives serialisation', () => {
    const again = computeRetentionPolicy({ lambda: 1 });
    expect(again).toEqual(tables[2]);
    const text = serializeRetentionPolicy(again);
    const back = parseRetentionPolicy(text);
    expect(back).toEqual(again);
    for (const [s, d] of STATES)
      expect(policyInterval(back, s, d)).toBe(policyInterval(again, s, d));
    expect(() => parseRetentionPolicy('{"version":1}')).toThrow(TypeError);
    expect(() => parseRetentionPolicy(text.replace('"version":1', '"version":2'))).toThrow(
      TypeError,
    );
    const weights = [...again.weights];
    weights[20] = Number.NaN;
    expect(() => parseRetentionPolicy(serializeRetentionPolicy({ ...again, weights }))).toThrow(
      TypeError,
    );
  });

  it("is computed for the learner's own parameters", () => {
    // A learner who forgets faster (lower initial stabilities and growth) gets a different table.
    const w = [...DEFAULT_WEIGHTS];
    w[8] = w[8]! * 0.5;
    const other = computeRetentionPolicy({ lambda: 1, weights: w });
    expect(other.weights).toEqual(w);
    expect(other.retention).not.toEqual(tables[2]!.retention);
    expect(() => computeRetentionPolicy({ lambda: 1, weights: [1, 2, 3] })).toThrow(RangeError);
    expect(() => computeRetentionPolicy({ lambda: -1 })).toThrow(RangeError);
    expect(() =>
      computeRetentionPolicy({ lambda: 1, minRetention: 0.9, maxRetention: 0.8 }),
    ).toThrow(RangeError);
  });

  it('turns a retention into the whole-day interval FSRS-6 predicts it at', () => {
    // At 0.90 the interval is the stability (FSRS's definition of stability).
    expect(intervalForRetention(DEFAULT_WEIGHTS, 10, 0.9)).toBe(10);
    expect(intervalForRetention(DEFAULT_WEIGHTS, 10, 0.8)).toBeGreaterThan(10);
    expect(intervalForRetention(DEFAULT_WEIGHTS, 0.1, 0.97)).toBe(1);
    expect(intervalForRetention(DEFAULT_WEIGHTS, 1e6, 0.75, 365)).toBe(365);
  });

  it('shares one default table: λ DEFAULT_POLICY_LAMBDA on FSRS-6 defaults', () => {
    const table = defaultRetentionPolicy();
    expect(defaultRetentionPolicy()).toBe(table);
    expect(table.lambda).toBe(DEFAULT_POLICY_LAMBDA);
    expect(table).toEqual(computeRetentionPolicy({ lambda: DEFAULT_POLICY_LAMBDA }));
  });
});
