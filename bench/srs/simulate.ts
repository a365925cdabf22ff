import {
  FIRST_RATING_PROB,
  REVIEW_RATING_PROB,
  learnCost,
  reviewCost,
  type Rating4,
} from './costs.ts';
import {
  answeredRight,
  drillOutcomes,
  drillsForAnswer,
  issue28Drills,
  maturityOf,
  NEAR_MISS_WORD_SHARE,
  productGrade,
  type Drill,
  type DrillMix,
  type DrillScale,
} from './drills.ts';
import type { Learner } from './learners.ts';
import { createRng, deriveSeed, pick } from './rng.ts';
import type { Scheduler } from './schedulers/types.ts';

export interface Habits {
  /** New words introduced on a study day: a whole number drawn uniformly in this range. */
  newPerDay: readonly [number, number];
  /** Share of days the learner studies at all. */
  adherence: number;
  /** Reviews done per study day at most; the rest stay due (most overdue first). */
  dailyReviewCap: number;
}

export const DEFAULT_HABITS: Habits = { newPerDay: [10, 20], adherence: 0.85, dailyReviewCap: 200 };

export interface SimConfig {
  words: number;
  days: number;
  habits: Habits;
  /**
   * 'pass-fail': the word's recall decides the answer (Again or Good); 'four': Again/Hard/Good/Easy in
   * fsrs-rs's mix; 'drills': each review goes through 2–4 drills of different difficulty (`drills.ts`), the
   * answer is correct when all are right (the product's rule), and the word's grade follows
   * `gradeFromDrills` (schedulers that read grades get it as `grade`).
   */
  grades: 'pass-fail' | 'four' | 'drills';
  /**
   * Multiplies the drills' logit offsets in the learner (1 = as stated; the sensitivity run uses 0 and 2,
   * and recognition or recall drills alone ×2). Schedulers that read offsets assume them as stated.
   */
  drillScale?: number | DrillScale;
  /** Which drills a review goes through (default 'today'; `drills.ts`). */
  drillMix?: DrillMix;
  /**
   * New words are introduced only before this day (default: every day of the study). The two-year metric
   * introduces words in the first year and keeps reviewing in the second.
   */
  introduceUntilDay?: number;
  /** The figures of the first `yearOneDays` days are also kept (`yearOne`): the one-year metric. */
  yearOneDays?: number;
  /**
   * Study time budget per study day, in seconds: due reviews first (most overdue first) until it is spent,
   * then new words while time remains, instead of the habits' new words and review cap.
   */
  budgetSecondsPerDay?: number;
  /** Predictions are scored from this answer on (e.g. after the first 1,000). */
  scoreAfterAnswers: number;
}

export interface Prediction {
  predicted: number;
  truth: number;
  correct: boolean;
}

export interface RunResult {
  scheduler: string;
  learner: string;
  seed: number;
  days: number;
  /** Mean over days of the sum of true recall probabilities (words known on an average day). */
  meanKnowledge: number;
  finalKnowledge: number;
  answers: number;
  /** Seconds spent on reviews, first exposures (the same ~1 answer per word for every scheduler) excluded. */
  reviewSeconds: number;
  reviewsPerWord: number;
  studyMinutesPerDay: number;
  /** Mean knowledge divided by mean accumulated study hours (the SSP-MMC-FSRS definition). */
  knowledgePerHour: number;
  /** Mean true recall of the words first seen in week 1, on days 30, 90 and 365 (NaN past the horizon). */
  week1Recall: { d30: number; d90: number; d365: number };
  /**
   * Share of reviews answered correctly when done on their due day, excluding late ones and those at the
   * 1-day minimum interval (where a scheduler cannot wait until its target).
   */
  onTimePassRate: number;
  onTimeReviews: number;
  wordsIntroduced: number;
  /** Mean true recall probability at the moment of a review (first exposures excluded). */
  recallAtReview: number;
  /** Mean knowledge and review seconds over the first `yearOneDays` days (NaN when not asked). */
  yearOne: { meanKnowledge: number; reviewSeconds: number };
  predictions: Prediction[];
}

/** Uniform number for the n-th answer to a word: the same draw whatever the scheduler (common random numbers). */
function answerDraw(seed: number, word: number, n: number, salt: number): number {
  let h =
    (seed ^
      Math.imul(word + 1, 0x9e3779b1) ^
      Math.imul(n + 1, 0x85ebca77) ^
      Math.imul(salt + 1, 0xc2b2ae3d)) >>>
    0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Simulates one learner studying with one scheduler, day by day. */
export async function simulate(
  learner: Learner,
  scheduler: Scheduler,
  config: SimConfig,
  seed: number,
): Promise<RunResult> {
  const { words, days, habits } = config;
  const habitRng = createRng(deriveSeed('habits', learner.id, seed));
  const answerSeed = deriveSeed('answers', learner.id, seed);
  const due = new Int32Array(words).fill(-1);
  const answersPerWord = new Int32Array(words);
  const firstDay = new Int32Array(words).fill(-1);
  const lastSeen = new Int32Array(words).fill(-1);
  let introduced = 0;
  let answers = 0;
  let seconds = 0;
  let reviewSeconds = 0;
  const budget = config.budgetSecondsPerDay;
  const drillScale = config.drillScale ?? 1;
  const drillMix = config.drillMix ?? 'today';
  const introduceUntil = config.introduceUntilDay ?? days;
  const yearOneDays = config.yearOneDays;
  const yearOne = { meanKnowledge: Number.NaN, reviewSeconds: Number.NaN };
  let recallAtReviewSum = 0;
  let reviews = 0;
  let knowledgeSum = 0;
  let cumulativeHoursSum = 0;
  let finalKnowledge = 0;
  let onTime = 0;
  let onTimeCorrect = 0;
  const week1: number[] = [];
  const week1Recall = { d30: Number.NaN, d90: Number.NaN, d365: Number.NaN };
  const predictions: Prediction[] = [];
  const dueList: number[] = [];

  for (let day = 0; day < days; day++) {
    if (day === yearOneDays) {
      yearOne.meanKnowledge = knowledgeSum / day;
      yearOne.reviewSeconds = reviewSeconds;
    }
    // Habits are drawn every day, studied or not, so every scheduler sees the same calendar.
    const studies = habitRng.next() < habits.adherence;
    const newToday = habitRng.int(habits.newPerDay[0], habits.newPerDay[1]);

    let knowledge = 0;
    for (let w = 0; w < introduced; w++) knowledge += learner.recall(w, day);
    knowledgeSum += knowledge;
    finalKnowledge = knowledge;
    if (day === 30 || day === 90 || day === 365) {
      let sum = 0;
      for (const w of week1) sum += learner.recall(w, day);
      const value = week1.length > 0 ? sum / week1.length : Number.NaN;
      if (day === 30) week1Recall.d30 = value;
      else if (day === 90) week1Recall.d90 = value;
      else week1Recall.d365 = value;
    }

    if (studies) {
      dueList.length = 0;
      for (let w = 0; w < introduced; w++) if (due[w]! <= day) dueList.push(w);
      dueList.sort((a, b) => due[a]! - due[b]! || a - b);
      const dayStart = seconds;
      const count =
        budget === undefined ? Math.min(dueList.length, habits.dailyReviewCap) : dueList.length;
      for (let i = 0; i < count; i++) {
        if (budget !== undefined && seconds - dayStart >= budget) break;
        const w = dueList[i]!;
        const n = answersPerWord[w]!;
        const p = learner.recall(w, day);
        const predicted = scheduler.predict(w, day);
        const u = answerDraw(answerSeed, w, n, 0);
        const correct = u < p;
        // The true memory is updated by whether the word was recalled; the scheduler sees the evidence.
        const rating: Rating4 = !correct
          ? 1
          : config.grades === 'four'
            ? ((pick(REVIEW_RATING_PROB, answerDraw(answerSeed, w, n, 1)) + 2) as Rating4)
            : 3;
        let shown: Rating4 = rating;
        let grade: Rating4 = rating;
        let drills: Drill[] | undefined;
        if (config.grades === 'drills') {
          const mixDraw = answerDraw(answerSeed, w, n, 3);
          const issue28 = drillMix === 'issue28';
          drills = drillOutcomes(
            p,
            u,
            issue28 ? issue28Drills(mixDraw, maturityOf(n)) : drillsForAnswer(mixDraw),
            drillScale,
            issue28 && answerDraw(answerSeed, w, 0, 5) < NEAR_MISS_WORD_SHARE,
          );
          shown = answeredRight(drills) ? 3 : 1;
          grade = productGrade(drills);
        }
        recallAtReviewSum += p;
        reviews++;
        if (answers >= config.scoreAfterAnswers) predictions.push({ predicted, truth: p, correct });
        if (due[w] === day && day - lastSeen[w]! >= 2) {
          onTime++;
          if (correct) onTimeCorrect++;
        }
        seconds += reviewCost(rating);
        reviewSeconds += reviewCost(rating);
        learner.answer(w, day, rating);
        due[w] = scheduler.review(w, day, shown, grade, drills);
        lastSeen[w] = day;
        answersPerWord[w] = n + 1;
        answers++;
      }
      const fresh =
        day >= introduceUntil
          ? 0
          : budget === undefined
            ? Math.min(newToday, words - introduced)
            : words - introduced;
      for (let k = 0; k < fresh; k++) {
        if (budget !== undefined && seconds - dayStart >= budget) break;
        const w = introduced++;
        const u = answerDraw(answerSeed, w, 0, 2);
        const rating: Rating4 =
          config.grades === 'four'
            ? ((pick(FIRST_RATING_PROB, u) + 1) as Rating4)
            : u < learner.firstCorrectProb(w)
              ? 3
              : 1;
        seconds += learnCost(rating);
        learner.answer(w, day, rating);
        due[w] = scheduler.review(w, day, rating);
        answersPerWord[w] = 1;
        firstDay[w] = day;
        lastSeen[w] = day;
        if (day < 7) week1.push(w);
        answers++;
      }
    }
    cumulativeHoursSum += seconds / 3600;
    await scheduler.endOfDay?.(day);
  }

  if (yearOneDays === days) {
    yearOne.meanKnowledge = knowledgeSum / days;
    yearOne.reviewSeconds = reviewSeconds;
  }
  const meanKnowledge = knowledgeSum / days;
  const meanHours = cumulativeHoursSum / days;
  return {
    scheduler: scheduler.name,
    learner: learner.id,
    seed,
    days,
    meanKnowledge,
    finalKnowledge,
    answers,
    reviewSeconds,
    reviewsPerWord: introduced > 0 ? answers / introduced : 0,
    studyMinutesPerDay: seconds / 60 / days,
    knowledgePerHour: meanHours > 0 ? meanKnowledge / meanHours : 0,
    week1Recall,
    onTimePassRate: onTime > 0 ? onTimeCorrect / onTime : Number.NaN,
    onTimeReviews: onTime,
    wordsIntroduced: introduced,
    recallAtReview: reviews > 0 ? recallAtReviewSum / reviews : Number.NaN,
    yearOne,
    predictions,
  };
}
