import { describe, expect, it } from 'vitest';
import { createLearner } from './learners.ts';
import { createPolicy } from './policies.ts';
import { createRng } from './rng.ts';
import { DEFAULT_HABITS, simulate, type SimConfig } from './simulate.ts';
import { ankiSm2Policy, desiredRetentionPolicy, runGateSimulation } from './ssp-mmc-gate.ts';

const config: SimConfig = {
  words: 120,
  days: 60,
  habits: DEFAULT_HABITS,
  grades: 'pass-fail',
  scoreAfterAnswers: 0,
};

async function once(world: 'W1' | 'W2' | 'W3', kind: 'anki-sm2' | 'fsrs', seed: number) {
  return simulate(
    createLearner(world, 0, seed, config.words),
    createPolicy({ kind, value: kind === 'fsrs' ? 0.9 : 1 }, config.words, 30),
    config,
    seed,
  );
}

describe('seeded random numbers', () => {
  it('repeat for a seed and differ between seeds', () => {
    const a = createRng(7);
    const b = createRng(7);
    const c = createRng(8);
    const xs = [a.next(), a.next(), a.next()];
    expect([b.next(), b.next(), b.next()]).toEqual(xs);
    expect(c.next()).not.toBe(xs[0]);
  });
});

describe('simulate', () => {
  it('is deterministic for a seed, in every world', async () => {
    for (const world of ['W1', 'W2', 'W3'] as const) {
      const a = await once(world, 'fsrs', 3);
      const b = await once(world, 'fsrs', 3);
      expect(b).toEqual(a);
    }
  });

  it('changes with the seed', async () => {
    const a = await once('W1', 'anki-sm2', 1);
    const b = await once('W1', 'anki-sm2', 2);
    expect(b.answers).not.toBe(a.answers);
  });

  it('shows every scheduler the same calendar and new words', async () => {
    const a = await once('W2', 'anki-sm2', 5);
    const b = await once('W2', 'fsrs', 5);
    expect(b.wordsIntroduced).toBe(a.wordsIntroduced);
    expect(a.wordsIntroduced).toBeGreaterThan(config.words / 2);
  });

  it('keeps knowledge within the number of words and recall within 0..1', async () => {
    const r = await once('W3', 'fsrs', 2);
    expect(r.meanKnowledge).toBeGreaterThan(0);
    expect(r.finalKnowledge).toBeLessThanOrEqual(r.wordsIntroduced);
    expect(r.week1Recall.d30).toBeGreaterThan(0);
    expect(r.week1Recall.d30).toBeLessThanOrEqual(1);
    expect(Number.isNaN(r.week1Recall.d90)).toBe(true);
  });
});

describe('published-simulation gate', () => {
  it('is deterministic and ranks low fixed retention above Anki SM-2 per study hour', () => {
    const options = { deck: 300, days: 200, newPerDay: 5, seed: 4 };
    const dr = runGateSimulation('DR=0.70', (w) => desiredRetentionPolicy(w, 0.7), options);
    expect(runGateSimulation('DR=0.70', (w) => desiredRetentionPolicy(w, 0.7), options)).toEqual(
      dr,
    );
    const anki = runGateSimulation('Anki-SM-2', ankiSm2Policy, options);
    expect(dr.memorizedPerHour).toBeGreaterThan(anki.memorizedPerHour);
    expect(dr.reviewsPerDay).toBeLessThan(anki.reviewsPerDay);
  });
});
