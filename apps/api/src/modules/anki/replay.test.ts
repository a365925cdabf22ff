import { newCard, scheduleReview } from '@verba/srs';
import { describe, expect, it } from 'vitest';
import type { AnkiReview } from './package.ts';
import { continueFromAnki, easeToGrade, replayReviews, reviewsFromRevlog } from './replay.ts';

const review = (at: string, ease: number, type = 1, durationMs = 5000): AnkiReview => ({
  reviewedAt: new Date(at),
  ease,
  interval: 1,
  lastInterval: 0,
  durationMs,
  type,
});

describe('easeToGrade', () => {
  it('maps Anki ease 1–4 to Again, Hard, Good, Easy and refuses anything else', () => {
    expect([1, 2, 3, 4].map(easeToGrade)).toEqual([1, 2, 3, 4]);
    expect([0, 5, -1, 2.5].map(easeToGrade)).toEqual([null, null, null, null]);
  });
});

describe('reviewsFromRevlog', () => {
  it('keeps answers in time order and leaves out manual changes of schedule', () => {
    const reviews = reviewsFromRevlog([
      review('2024-03-03T10:00:00Z', 3),
      review('2024-03-01T10:00:00Z', 1, 0),
      review('2024-03-02T10:00:00Z', 0, 4),
      review('2024-03-02T11:00:00Z', 2, 5),
    ]);
    expect(reviews?.map((r) => [r.reviewedAt.toISOString(), r.grade])).toEqual([
      ['2024-03-01T10:00:00.000Z', 1],
      ['2024-03-03T10:00:00.000Z', 3],
    ]);
  });

  it('reads a history with an unknown button, type or time as unreadable', () => {
    expect(reviewsFromRevlog([review('2024-03-01T10:00:00Z', 7)])).toBeNull();
    expect(reviewsFromRevlog([review('2024-03-01T10:00:00Z', 3, 9)])).toBeNull();
    expect(reviewsFromRevlog([review('1990-01-01T00:00:00Z', 3)])).toBeNull();
  });

  it('drops a zero or negative duration and caps an absurd one', () => {
    const [a, b] = reviewsFromRevlog([
      review('2024-03-01T10:00:00Z', 3, 1, 0),
      review('2024-03-02T10:00:00Z', 3, 1, 99_999_999),
    ])!;
    expect(a!.durationMs).toBeUndefined();
    expect(b!.durationMs).toBe(3_600_000);
  });
});

describe('replayReviews', () => {
  it('gives the same schedule as answering the same grades at the same times in Verba', () => {
    const times = ['2024-01-01T09:00:00Z', '2024-01-02T09:00:00Z', '2024-01-05T09:00:00Z'];
    const grades = [3, 1, 4] as const;
    let expected = newCard(new Date(times[0]!));
    times.forEach((t, i) => {
      expected = scheduleReview({
        card: expected,
        correct: grades[i]! > 1,
        grade: grades[i]!,
        now: new Date(t),
      }).card;
    });
    const replayed = replayReviews(
      times.map((t, i) => ({ reviewedAt: new Date(t), grade: grades[i]! })),
    );
    expect(replayed).toEqual(expected);
    expect(replayed!.total_reviews).toBe(3);
    expect(replayed!.lapses).toBe(1);
    expect(replayed!.last_review!.toISOString()).toBe('2024-01-05T09:00:00.000Z');
  });

  it('gives nothing for a word never answered', () => {
    expect(replayReviews([])).toBeNull();
  });

  it("continues from Anki's memory state and due date when the card keeps them", () => {
    const card = replayReviews([{ reviewedAt: new Date('2024-01-01T09:00:00Z'), grade: 3 }])!;
    const due = new Date('2024-01-11T04:00:00Z');
    const next = continueFromAnki(card, {
      due,
      memory: { stability: 12.5, difficulty: 4.2, desiredRetention: 0.9 },
    });
    expect(next.next_review_date).toEqual(due);
    expect(next.interval).toBe(10);
    expect([next.stability, next.difficulty]).toEqual([12.5, 4.2]);
  });
});
