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

describe('simulate', { timeout: 60_000 }, () => {
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

describe('simulate with the drill model and a time budget', { timeout: 60_000 }, () => {
  const drills: SimConfig = { ...config, grades: 'drills' };

  it('shows fewer correct answers than plain recall, and Hard only to schedulers that read grades', async () => {
    const seen: { rating: number; grade: number }[] = [];
    const inner = createPolicy({ kind: 'fsrs', value: 0.9 }, config.words, 30);
    const spy = {
      name: 'spy',
      review(word: number, day: number, rating: 1 | 2 | 3 | 4, grade?: 1 | 2 | 3 | 4) {
        if (grade !== undefined) seen.push({ rating, grade });
        return inner.review(word, day, rating, grade);
      },
      predict: (word: number, day: number) => inner.predict(word, day),
    };
    const learner = () => createLearner('W1', 0, 3, config.words);
    const run = await simulate(learner(), spy, drills, 3);
    expect(seen.length).toBeGreaterThan(100);
    expect(seen.some((s) => s.grade === 2)).toBe(true);
    // The product's rule: only all drills right is correct, so Hard is shown as a wrong answer.
    for (const s of seen) expect(s.rating).toBe(s.grade >= 3 ? 3 : 1);
    // Same true memory draws as right/wrong grading: knowledge depends only on the schedule.
    const plain = await simulate(
      learner(),
      createPolicy({ kind: 'fsrs', value: 0.9 }, config.words, 30),
      config,
      3,
    );
    expect(run.wordsIntroduced).toBe(plain.wordsIntroduced);
    expect(run.reviewSeconds).toBeLessThan(run.studyMinutesPerDay * 60 * config.days);
  });

  it('keeps each study day within the budget (give or take one answer) and introduces words as time allows', async () => {
    const budget: SimConfig = { ...drills, words: 2000, budgetSecondsPerDay: 300 };
    const r = await simulate(
      createLearner('W2', 0, 1, budget.words),
      createPolicy({ kind: 'verba', value: 1 }, budget.words, 30),
      budget,
      1,
    );
    expect(r.studyMinutesPerDay * 60).toBeLessThanOrEqual(300 + 34);
    expect(r.studyMinutesPerDay * 60).toBeGreaterThan(300 * 0.7);
    expect(r.wordsIntroduced).toBeGreaterThan(config.days * 2);
    expect(r.wordsIntroduced).toBeLessThan(budget.words);
  });
});

describe('the two-year metric', { timeout: 60_000 }, () => {
  const twoYears: SimConfig = {
    ...config,
    words: 2000,
    days: 120,
    grades: 'drills',
    drillMix: 'issue28',
    introduceUntilDay: 60,
    yearOneDays: 60,
  };

  it("introduces words only in the first period, keeps reviewing after it, and keeps the first period's figures", async () => {
    const run = (cfg: SimConfig) =>
      simulate(
        createLearner('W1', 0, 2, cfg.words),
        createPolicy({ kind: 'verba', value: 0.5 }, cfg.words, 30),
        cfg,
        2,
      );
    const two = await run(twoYears);
    const one = await run({
      ...twoYears,
      days: 60,
      introduceUntilDay: undefined,
      yearOneDays: undefined,
    });
    // The first period is the same study whatever follows it: its figures are the one-period run's.
    expect(two.yearOne.meanKnowledge).toBeCloseTo(one.meanKnowledge, 9);
    expect(two.yearOne.reviewSeconds).toBe(one.reviewSeconds);
    expect(two.wordsIntroduced).toBe(one.wordsIntroduced);
    expect(two.wordsIntroduced).toBeLessThan(twoYears.words);
    // Reviews go on in the second period; knowledge is the mean over all days.
    expect(two.reviewSeconds).toBeGreaterThan(one.reviewSeconds);
    expect(two.meanKnowledge).not.toBeCloseTo(one.meanKnowledge, 3);
    expect(two.recallAtReview).toBeGreaterThan(0.5);
    expect(two.recallAtReview).toBeLessThan(1);
    expect(Number.isNaN(one.yearOne.meanKnowledge)).toBe(true);
  });

  it('reads the true memory state in the true-state policy, and the drills in the readers, as deterministic runs', async () => {
    for (const kind of ['verba-true', 'verba-prob', 'verba-weighted'] as const) {
      const run = () => {
        const learner = createLearner('W2', 1, 1, 300);
        return simulate(
          learner,
          createPolicy({ kind, value: 0.5 }, 300, 30, learner),
          { ...twoYears, words: 300 },
          1,
        );
      };
      const a = await run();
      expect(a.meanKnowledge).toBeGreaterThan(0);
      expect(await run()).toEqual(a);
    }
    expect(() =>
      createPolicy({ kind: 'verba-true', value: 0.5 }, 10, 30, createLearner('W3', 0, 1, 10)),
    ).toThrow();
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
