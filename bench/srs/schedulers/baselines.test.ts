import { describe, expect, it } from 'vitest';
import type { Rating4 } from '../costs.ts';
import { ankiStep, createAnkiSm2, type AnkiState } from './anki-sm2.ts';
import { createMemrise } from './memrise.ts';
import { createSm2, nextEase, sm2Step, type Sm2Options, type Sm2State } from './sm2.ts';
import type { Scheduler } from './types.ts';

/** Intervals a scheduler gives one word answered on each due day with the given ratings. */
function intervals(scheduler: Scheduler, ratings: Rating4[]): number[] {
  let day = 0;
  const out: number[] = [];
  for (const rating of ratings) {
    const due = scheduler.review(0, day, rating);
    out.push(due - day);
    day = due;
  }
  return out;
}

const ORIGINAL: Sm2Options = { correctQuality: 4, wrongQuality: 1, intervalModifier: 1 };
const SPEC: Sm2Options = { correctQuality: 3, wrongQuality: 1, intervalModifier: 1 };
const good = (n: number): Rating4[] => Array.from({ length: n }, () => 3);

describe('SM-2', () => {
  it('original (q=4) all correct: 1, 6, 15, 38, 95 days', () => {
    expect(intervals(createSm2('o', 1, ORIGINAL), good(5))).toEqual([1, 6, 15, 38, 95]);
  });

  it("the spec's q=3 variant all correct: 1, 6, 14, 30, 59 days (each interval from the ease before the answer)", () => {
    // Eases before the 3rd, 4th, 5th answers: 2.22, 2.08, 1.94 → ⌈6 × 2.22⌉, ⌈14 × 2.08⌉, ⌈30 × 1.94⌉.
    expect(intervals(createSm2('s', 1, SPEC), good(5))).toEqual([1, 6, 14, 30, 59]);
  });

  it('lowers the ease by 0.14 on every q=3 answer down to the 1.3 floor', () => {
    let ease = 2.5;
    const eases: number[] = [];
    for (let i = 0; i < 10; i++) eases.push((ease = nextEase(ease, 3)));
    expect(eases.slice(0, 3)).toEqual([2.36, 2.22, 2.08]);
    expect(eases.at(-1)).toBe(1.3);
    expect(nextEase(2.5, 4)).toBe(2.5);
    expect(nextEase(2.5, 1)).toBeCloseTo(1.96, 10);
  });

  it('restarts at 1 day after a wrong answer and keeps the lowered ease', () => {
    let state: Sm2State = { repetitions: 0, interval: 0, ease: 2.5 };
    for (const correct of [true, true, true, false, true, true, true])
      state = sm2Step(state, correct, ORIGINAL);
    expect(state.repetitions).toBe(3);
    expect(state.ease).toBeCloseTo(1.96, 10);
    expect(state.interval).toBe(Math.ceil(6 * 1.96));
    expect(intervals(createSm2('o', 1, ORIGINAL), [3, 3, 3, 1, 3, 3])).toEqual([1, 6, 15, 1, 1, 6]);
  });

  it('scales intervals by the modifier', () => {
    expect(intervals(createSm2('o', 1, { ...ORIGINAL, intervalModifier: 2 }), good(4))).toEqual([
      2, 12, 60, 300,
    ]);
    expect(intervals(createSm2('o', 1, { ...ORIGINAL, intervalModifier: 0.5 }), good(4))).toEqual([
      1, 3, 4, 5,
    ]);
  });
});

describe("Anki's SM-2", () => {
  it('graduates to 1 day, then grows by ease 2.5 with Good', () => {
    expect(intervals(createAnkiSm2('a', 1, 1), good(5))).toEqual([1, 3, 8, 20, 50]);
  });

  it('uses the 4-day easy interval and −0.20 ease on a lapse', () => {
    const start: AnkiState = { interval: 0, ease: 2.5, graduated: false };
    expect(ankiStep(start, 4, 0, 1).interval).toBe(4);
    const lapsed = ankiStep({ interval: 20, ease: 2.5, graduated: true }, 1, 0, 1);
    expect(lapsed).toEqual({ interval: 1, ease: 2.3, graduated: true });
    // Good must beat Hard (1 day × 1.2, at least 2 days) by a day.
    expect(ankiStep(lapsed, 3, 0, 1).interval).toBe(3);
  });

  it('credits half the days late on Good', () => {
    expect(ankiStep({ interval: 10, ease: 2.5, graduated: true }, 3, 4, 1).interval).toBe(30);
  });
});

describe('Memrise', () => {
  it('climbs 1, 6, 12, 48, 96, 180 and stays there; a miss restarts at 1', () => {
    expect(intervals(createMemrise('m', 1, 1), good(8))).toEqual([1, 6, 12, 48, 96, 180, 180, 180]);
    expect(intervals(createMemrise('m', 1, 1), [3, 3, 3, 1, 3])).toEqual([1, 6, 12, 1, 6]);
  });
});
