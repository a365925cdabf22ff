/**
 * The Progress screen (/app/progress) and each word's history: its windows, thresholds and
 * texts. Days are the learner's local calendar days, 'YYYY-MM-DD'.
 */
import { countOf, pluralForm, UNITS, type PluralForms } from './plural.ts';

const STATS_UNITS = {
  review: { one: 'review', other: 'reviews' },
  month: { one: 'month', other: 'months' },
  year: { one: 'year', other: 'years' },
} as const satisfies Record<string, PluralForms>;

export const STATS_LIMITS = {
  /** The review calendar's length, today included. */
  heatmapDays: 365,
  /** Days of the due forecast, today (with everything overdue) first. */
  forecastDays: 30,
  /** Days of the reviews and study time series, today last. */
  activityDays: 30,
  /** A word whose interval is shorter than this is young, otherwise mature (as in Anki). */
  matureIntervalDays: 21,
  /** A retention cell with fewer reviews says so instead of a percentage. */
  minRetentionReviews: 20,
} as const;

/** The retention table's windows, in local days counted back from today (today included). */
export const RETENTION_PERIODS = [
  { id: 'day', label: 'Today', days: 1 },
  { id: 'week', label: 'Last 7 days', days: 7 },
  { id: 'month', label: 'Last 30 days', days: 30 },
  { id: 'year', label: 'Last 365 days', days: 365 },
] as const;
export type RetentionPeriod = (typeof RETENTION_PERIODS)[number]['id'];

/**
 * Stability (days a word lasts before its recall falls to 90%), in buckets with edges in days:
 * bucket i holds words with edges[i-1] ≤ stability < edges[i].
 */
export const STABILITY_EDGES_DAYS = [1, 7, 21, 90, 365] as const;
export const STABILITY_BUCKET_LABELS = [
  'Under a day',
  '1–7 days',
  '1–3 weeks',
  '3 weeks–3 months',
  '3–12 months',
  'A year or more',
] as const;

/** Difficulty as a percent (FSRS's 1–10 scale mapped to 0–100%), in tenths. */
export const DIFFICULTY_BUCKETS = 10;

export const COLLECTION_STATES = ['new', 'learning', 'review', 'mastered'] as const;
export type CollectionState = (typeof COLLECTION_STATES)[number];

export const STATS_TEXT = {
  title: 'Progress',
  description: 'Your reviews, what is due, and how well you remember.',
  backToProfile: 'Back to Profile',
  loadFailed: 'Could not load your progress',
  retry: 'Retry',
  calendar: 'Review calendar',
  currentStreak: 'Current streak',
  longestStreak: 'Longest streak',
  dayDetailHint: 'Tap a day to see its reviews.',
  less: 'Less',
  more: 'More',
  forecast: 'Due in the next 30 days',
  retention: 'Measured retention',
  retentionTarget: 'Target',
  young: 'Young',
  mature: 'Mature',
  youngHint: 'interval under 21 days',
  matureHint: '21 days or more',
  notEnough: 'not enough reviews',
  activity: 'Reviews and study time',
  reviewsSeries: 'Reviews',
  minutesSeries: 'Minutes',
  collection: 'Your collection',
  byState: 'By state',
  byLevel: 'By CEFR level',
  noLevel: 'No level',
  stateLabels: { new: 'New', learning: 'Learning', review: 'Review', mastered: 'Mastered' },
  memory: 'Memory',
  stability: 'How long words last',
  difficulty: 'How hard words are',
  history: 'History',
  historyEmpty: 'No reviews yet. Practise this word to start its history.',
  historyLoadFailed: 'Could not load this word’s history',
  stabilityLabel: 'Stability',
  difficultyLabel: 'Difficulty',
  recallLabel: 'Recall today',
  nextReviewLabel: 'Next review',
  intervalAfter: 'Interval after',
  sameDay: 'Same day',
  dateHeader: 'Date',
  drillHeader: 'Drill',
  answerHeader: 'Answer',
  right: 'Right',
  wrong: 'Wrong',
  drillLabels: {
    flashcard: 'Flashcard',
    'multiple-choice': 'Quiz',
    spelling: 'Spelling',
    infinity: 'Infinity practice',
  } as Record<string, string>,
} as const;

/** "12 reviews on 2026-11-24", "No reviews on 2026-11-24": a calendar cell's accessible name. */
export function dayCellLabel(day: string, reviews: number): string {
  return reviews === 0
    ? `No reviews on ${day}`
    : `${countOf(reviews, STATS_UNITS.review)} on ${day}`;
}

/** A retention cell as a percent, or null under the minimum count. */
export function retentionPercent(cell: { reviews: number; correct: number }): number | null {
  if (cell.reviews < STATS_LIMITS.minRetentionReviews) return null;
  return Math.round((cell.correct / cell.reviews) * 100);
}

/** A length of time in days, in the largest unit that reads well: '12 days', '3 months'. */
export function durationText(days: number): string {
  if (days < 1) {
    const hours = Math.max(1, Math.round(days * 24));
    return countOf(hours, UNITS.hour);
  }
  if (days < 60) return countOf(Math.round(days), UNITS.day);
  if (days < 730) return countOf(Math.round(days / 30.44), STATS_UNITS.month);
  return countOf(Math.round(days / 365.25), STATS_UNITS.year);
}

/** "on 5 of the last 30 days". */
export function daysOfText(active: number, of: number): string {
  return `${active} of the last ${of} ${pluralForm(of, UNITS.day)}`;
}

/** '12 reviews', '1 review'. */
export const reviewsText = (count: number) => countOf(count, STATS_UNITS.review);

const words = (count: number) => countOf(count, UNITS.word);
const minutes = (count: number) => countOf(count, UNITS.minute);

/** Each block's one-line answer above its chart, readable without the chart. */
export const STATS_ANSWERS = {
  calendar: (activeDays: number, reviews: number) =>
    activeDays === 0
      ? 'No reviews in the last year yet. Practise to fill your calendar.'
      : `You reviewed on ${daysOfText(activeDays, STATS_LIMITS.heatmapDays)}: ${reviewsText(reviews)}.`,
  forecast: (today: number, overdue: number, nextWeek: number, total: number) =>
    total === 0
      ? 'Nothing is due in the next 30 days.'
      : `${words(today)} due today${overdue > 0 ? ` (${overdue} overdue)` : ''}, ${words(nextWeek)} in the next 7 days.`,
  retention: (percent: number | null, target: number) =>
    percent === null
      ? `Not enough reviews yet to measure retention: it takes ${STATS_LIMITS.minRetentionReviews} in a period. The scheduler aims for ${target}%.`
      : `You answered ${percent}% of your reviews right in the last 30 days; the scheduler aims for ${target}%.`,
  activity: (activeDays: number, reviews: number, studied: number) =>
    activeDays === 0
      ? 'No practice in the last 30 days yet.'
      : `You practised on ${daysOfText(activeDays, STATS_LIMITS.activityDays)}: ${reviewsText(reviews)} and ${minutes(studied)} of study.`,
  collection: (total: number, mastered: number, fresh: number) =>
    total === 0
      ? 'No words yet. Add your first word in My Words.'
      : `${mastered} of ${words(total)} mastered, ${fresh} not practised yet.`,
  stability: (medianDays: number | null) =>
    medianDays === null
      ? 'Practise a few words to see how long they stay in memory.'
      : `Half of your practised words stay above 90% recall for ${durationText(medianDays)} or more without a review.`,
  difficulty: (meanPercent: number | null) =>
    meanPercent === null
      ? 'Difficulty shows once you have practised a few words.'
      : `Your words are ${Math.round(meanPercent)}% difficult on average: ${
          meanPercent < 35
            ? 'most come easily to you'
            : meanPercent < 65
              ? 'some take a few tries'
              : 'many take several tries, so they come back more often'
        }.`,
} as const;
