import { FSRSAlgorithm, clipParameters, default_w, forgetting_curve } from 'ts-fsrs';
import type { Rating4 } from './costs.ts';
import { createRng, deriveSeed } from './rng.ts';

/**
 * A simulated learner's true memory: the benchmark's ground truth, never shown to a scheduler.
 * Words are numbered 0..n-1; days are whole simulated days.
 */
export interface Learner {
  readonly id: string;
  /** Probability that the first answer to a new word is correct. */
  firstCorrectProb(word: number): number;
  /** True probability of recall on `day` (0 before the word was first seen). */
  recall(word: number, day: number): number;
  /** Updates the true memory after an answer with the given rating on `day`. */
  answer(word: number, day: number, rating: Rating4): void;
}

export type WorldId = 'W1' | 'W2' | 'W3';

const FIRST_CORRECT = 0.76; // fsrs-rs's first-rating mix: 24 % Again.

/** The FSRS-6 memory model with given parameters, optionally with per-word difficulty. */
export class FsrsLearner implements Learner {
  readonly weights: number[];
  private readonly algorithm: FSRSAlgorithm;
  private readonly s: Float64Array;
  private readonly d: Float64Array;
  private readonly last: Int32Array;
  private readonly offset: Float64Array;

  constructor(
    readonly id: string,
    weights: readonly number[],
    words: number,
    wordSpread: number,
    seed: number,
  ) {
    this.weights = [...weights];
    this.algorithm = new FSRSAlgorithm({ w: this.weights, enable_short_term: true });
    this.s = new Float64Array(words);
    this.d = new Float64Array(words);
    this.last = new Int32Array(words).fill(-1);
    this.offset = new Float64Array(words);
    const rng = createRng(seed);
    for (let i = 0; i < words; i++) this.offset[i] = wordSpread * rng.normal();
  }

  firstCorrectProb(word: number): number {
    return Math.min(0.95, Math.max(0.3, FIRST_CORRECT - 0.08 * this.offset[word]!));
  }

  recall(word: number, day: number): number {
    const last = this.last[word]!;
    if (last < 0) return 0;
    return forgetting_curve(this.weights, day - last, this.s[word]!);
  }

  answer(word: number, day: number, rating: Rating4): void {
    const last = this.last[word]!;
    if (last < 0) {
      const state = this.algorithm.next_state(null, 0, rating);
      this.s[word] = state.stability;
      // Harder words start with a higher difficulty, so they gain stability more slowly.
      this.d[word] = Math.min(10, Math.max(1, state.difficulty + 1.5 * this.offset[word]!));
    } else {
      const state = this.algorithm.next_state(
        { stability: this.s[word]!, difficulty: this.d[word]! },
        day - last,
        rating,
      );
      this.s[word] = state.stability;
      this.d[word] = state.difficulty;
    }
    this.last[word] = day;
  }

  stability(word: number): number {
    return this.s[word]!;
  }

  difficulty(word: number): number {
    return this.d[word]!;
  }
}

/**
 * Half-life regression: recall = 2^(−t/h). A success multiplies h, by more when recall was harder
 * (factor 1 + (a − 1)(1 − p), the spacing effect); a failure divides it. Per-word factors. A memory
 * model other than FSRS (exponential forgetting, different updates), so FSRS is not graded only by its own model.
 */
export class HlrLearner implements Learner {
  private readonly h: Float64Array;
  private readonly h0: Float64Array;
  private readonly grow: Float64Array;
  private readonly shrink: Float64Array;
  private readonly last: Int32Array;
  private readonly pFirst: Float64Array;

  constructor(
    readonly id: string,
    words: number,
    learnerSeed: number,
    wordSeed: number,
  ) {
    // Learner-level traits, then word-level factors around them.
    const traits = createRng(learnerSeed);
    const baseH0 = Math.exp(Math.log(8) + 0.3 * traits.normal());
    const baseGrow = Math.exp(Math.log(10) + 0.15 * traits.normal());
    const baseShrink = Math.exp(Math.log(3) + 0.15 * traits.normal());
    const rng = createRng(wordSeed);
    this.h = new Float64Array(words);
    this.h0 = new Float64Array(words);
    this.grow = new Float64Array(words);
    this.shrink = new Float64Array(words);
    this.last = new Int32Array(words).fill(-1);
    this.pFirst = new Float64Array(words);
    for (let i = 0; i < words; i++) {
      const hard = rng.normal();
      this.h0[i] = baseH0 * Math.exp(-0.5 * hard);
      this.grow[i] = 1 + (baseGrow - 1) * Math.exp(-0.3 * hard + 0.15 * rng.normal());
      this.shrink[i] = baseShrink * Math.exp(0.15 * rng.normal());
      this.pFirst[i] = Math.min(0.95, Math.max(0.3, FIRST_CORRECT - 0.08 * hard));
    }
  }

  firstCorrectProb(word: number): number {
    return this.pFirst[word]!;
  }

  recall(word: number, day: number): number {
    const last = this.last[word]!;
    if (last < 0) return 0;
    return Math.pow(2, -(day - last) / this.h[word]!);
  }

  answer(word: number, day: number, rating: Rating4): void {
    if (this.last[word]! < 0) {
      this.h[word] = rating === 1 ? this.h0[word]! * 0.25 : this.h0[word]!;
    } else if (rating === 1) {
      this.h[word] = Math.max(0.5, this.h[word]! / this.shrink[word]!);
    } else {
      const p = this.recall(word, day);
      this.h[word] = Math.min(365_000, this.h[word]! * (1 + (this.grow[word]! - 1) * (1 - p)));
    }
    this.last[word] = day;
  }
}

/** FSRS-6 parameters of one learner of W2: the defaults, each scaled by a random factor, then clipped. */
export function spreadWeights(seed: number, spread = 0.25): number[] {
  const rng = createRng(seed);
  const w = default_w.map((v, i) =>
    i === 4 || i === 16 ? v : v * Math.exp(spread * rng.normal()),
  );
  // Decay (w20) varies less: it shapes the whole forgetting curve.
  w[20] = default_w[20]! * Math.exp(0.15 * rng.normal());
  return clipParameters(w, 0, true);
}

export function createLearner(world: WorldId, index: number, seed: number, words: number): Learner {
  const id = `${world}-L${index}-s${seed}`;
  const wordSeed = deriveSeed('words', world, index, seed);
  switch (world) {
    case 'W1':
      return new FsrsLearner(id, default_w, words, 0, wordSeed);
    case 'W2':
      return new FsrsLearner(id, spreadWeights(deriveSeed('params', index)), words, 1, wordSeed);
    case 'W3':
      return new HlrLearner(id, words, deriveSeed('hlr', index), wordSeed);
  }
}
