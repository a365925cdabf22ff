import {
  newCard,
  scheduleReview,
  type ReviewLogEntry,
  type SchedulerParams,
  type SrsCard,
} from '@verba/srs';
import type { AnkiCard, AnkiReview } from './package.ts';

export type Grade = 1 | 2 | 3 | 4;

/** One answer of an imported word's history, in Verba's terms. */
export interface ImportedReview {
  reviewedAt: Date;
  grade: Grade;
  durationMs?: number;
}

/** Anki's answer buttons (ease 1–4) are FSRS's grades: Again, Hard, Good, Easy. */
export function easeToGrade(ease: number): Grade | null {
  return ease === 1 || ease === 2 || ease === 3 || ease === 4 ? ease : null;
}

/** Anki was first released in 2006: an earlier time is not a real review. */
const EARLIEST_REVIEW = Date.UTC(2006, 0, 1);
const MS_PER_DAY = 86_400_000;
/** Anki caps the time it records for one answer at its "maximum answer seconds" (at most an hour). */
const MAX_DURATION_MS = 3_600_000;

/**
 * A card's answers as Verba reviews, oldest first, or null when the history cannot be read (an
 * unknown button or entry type, an impossible time). Manual changes of schedule (ease 0, or the
 * manual and rescheduled entry types) are not answers and are left out.
 */
export function reviewsFromRevlog(revlog: readonly AnkiReview[]): ImportedReview[] | null {
  const reviews: ImportedReview[] = [];
  for (const entry of revlog) {
    const time = entry.reviewedAt.getTime();
    if (!Number.isFinite(time) || time < EARLIEST_REVIEW) return null;
    if (!Number.isInteger(entry.type) || entry.type < 0 || entry.type > 5) return null;
    if (entry.ease === 0 || entry.type >= 4) continue;
    const grade = easeToGrade(entry.ease);
    if (grade === null) return null;
    const durationMs =
      Number.isFinite(entry.durationMs) && entry.durationMs > 0
        ? Math.min(Math.round(entry.durationMs), MAX_DURATION_MS)
        : undefined;
    reviews.push({ reviewedAt: new Date(time), grade, ...(durationMs ? { durationMs } : {}) });
  }
  return reviews.sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
}

/**
 * A word's schedule after its history, replayed answer by answer in time order through
 * packages/srs (each grade as FSRS's rating), with the review-log entry of each answer. Null for
 * a word never answered.
 */
export function replayHistory(
  reviews: readonly ImportedReview[],
  params?: SchedulerParams,
): { card: SrsCard; log: ReviewLogEntry[] } | null {
  if (reviews.length === 0) return null;
  let card = newCard(reviews[0]!.reviewedAt);
  const log: ReviewLogEntry[] = [];
  for (const review of reviews) {
    const result = scheduleReview({
      card,
      correct: review.grade > 1,
      grade: review.grade,
      now: review.reviewedAt,
      durationMs: review.durationMs ?? null,
      ...(params ? { params } : {}),
    });
    card = result.card;
    log.push(result.log);
  }
  return { card, log };
}

/** The schedule alone that `replayHistory` gives. */
export function replayReviews(
  reviews: readonly ImportedReview[],
  params?: SchedulerParams,
): SrsCard | null {
  return replayHistory(reviews, params)?.card ?? null;
}

/**
 * The replayed schedule, continued where Anki left it: Anki's own FSRS memory state when the
 * card keeps one, and Anki's due date when the card has one.
 */
export function continueFromAnki(card: SrsCard, anki: Pick<AnkiCard, 'due' | 'memory'>): SrsCard {
  const next = { ...card };
  if (anki.memory) {
    next.stability = anki.memory.stability;
    next.difficulty = anki.memory.difficulty;
  }
  if (anki.due && card.last_review) {
    next.next_review_date = new Date(anki.due.getTime());
    next.interval = Math.max(
      0,
      Math.round((anki.due.getTime() - card.last_review.getTime()) / MS_PER_DAY),
    );
  }
  return next;
}
