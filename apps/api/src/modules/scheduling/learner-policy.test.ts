import {
  DEFAULT_POLICY_LAMBDA,
  DEFAULT_WEIGHTS,
  defaultRetentionPolicy,
  parseRetentionPolicy,
  serializeRetentionPolicy,
} from '@verba/srs';
import { describe, expect, it, vi } from 'vitest';
import {
  computeLearnerPolicyText,
  isStalePolicy,
  learnerPolicyText,
  learnerRetentionPolicy,
} from './learner-policy.ts';

const logger = () => ({ warn: vi.fn() });

/** A well-formed table other than the default: every state at 0.8. */
function storedTable(retention = 0.8, extra: object = {}): string {
  const table = defaultRetentionPolicy();
  return serializeRetentionPolicy({
    ...table,
    retention: table.retention.map(() => retention),
    ...extra,
  });
}

describe('a learner’s retention table', () => {
  it('is the shared default when none is stored', () => {
    const log = logger();
    expect(learnerRetentionPolicy(null, log)).toBe(defaultRetentionPolicy());
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('is the stored one when it parses, parsed once per process', () => {
    const log = logger();
    const stored = storedTable(0.81);
    const table = learnerRetentionPolicy(stored, log);
    expect(table.retention.every((r) => r === 0.81)).toBe(true);
    // The same text again (as a new string, as a new query returns it) gives the cached table.
    expect(learnerRetentionPolicy(`${stored} `.trimEnd(), log)).toBe(table);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('falls back to the default when the stored text is corrupt, and says so once', () => {
    const log = logger();
    for (const corrupt of ['{"version":1', '"not a table"', storedTable(0.8, { version: 2 })]) {
      expect(learnerRetentionPolicy(corrupt, log)).toBe(defaultRetentionPolicy());
      expect(learnerRetentionPolicy(corrupt, log)).toBe(defaultRetentionPolicy());
    }
    expect(log.warn).toHaveBeenCalledTimes(3);
    // The message names neither the learner nor the table.
    expect(log.warn).toHaveBeenCalledWith('stored retention policy unusable; the default applies');
  });

  it('falls back to the default when the stored table may leave the safe range', () => {
    const log = logger();
    expect(learnerRetentionPolicy(storedTable(0.8, { minRetention: 0.6 }), log)).toBe(
      defaultRetentionPolicy(),
    );
    expect(learnerRetentionPolicy(storedTable(0.8, { maxRetention: 0.99 }), log)).toBe(
      defaultRetentionPolicy(),
    );
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  it('is computed for the learner’s weights at the product’s λ', () => {
    const weights = DEFAULT_WEIGHTS.map((w, i) => (i === 8 ? w * 0.5 : w));
    const table = parseRetentionPolicy(learnerPolicyText(weights));
    expect(table.weights).toEqual(weights);
    expect(table.lambda).toBe(DEFAULT_POLICY_LAMBDA);
    expect(table.retention).not.toEqual(defaultRetentionPolicy().retention);
    expect(learnerRetentionPolicy(learnerPolicyText(weights), logger())).toEqual(table);
  });

  it('is computed in a worker thread, with this thread free meanwhile', async () => {
    const weights = DEFAULT_WEIGHTS.map((w, i) => (i === 8 ? w * 0.5 : w));
    // Computed here, the table would hold the thread: no turn of the event loop until it is done.
    let turns = 0;
    let computing = true;
    const turn = () => {
      turns += 1;
      if (computing) setImmediate(turn);
    };
    turn();
    const text = await computeLearnerPolicyText(weights, logger()).finally(
      () => (computing = false),
    );
    expect(text).toBe(learnerPolicyText(weights));
    expect(turns).toBeGreaterThan(100);
  });

  it('is stale when computed for another λ or horizon than the product’s, and still used', () => {
    expect(isStalePolicy(storedTable(0.8))).toBe(false);
    const earlier = storedTable(0.8, { lambda: 0.05, horizonDays: 365 });
    expect(isStalePolicy(earlier)).toBe(true);
    expect(isStalePolicy(storedTable(0.8, { horizonDays: 365 }))).toBe(true);
    expect(isStalePolicy('{"version":1')).toBe(false);
    const log = logger();
    expect(learnerRetentionPolicy(earlier, log).retention.every((r) => r === 0.8)).toBe(true);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
