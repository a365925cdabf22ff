import { describe, expect, it } from 'vitest';
import { forgetting_curve } from 'ts-fsrs';
import { newCard } from './card.ts';
import { DEFAULT_WEIGHTS } from './constants.ts';
import { fitLearnerParameters, type FitReview } from './fit-parameters.ts';
import { scheduleReview } from './schedule-review.ts';

// A learner who forgets much faster than FSRS-6's defaults assume (a quarter of the stability).
function simulatedLog(words: number, days: number, seed: number): FitReview[] {
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const start = Date.UTC(2026, 0, 1);
  const reviews: FitReview[] = [];
  for (let w = 0; w < words; w++) {
    let card = newCard(new Date(start + (w % 30) * 86_400_000));
    let trueStability = 0;
    let last = 0;
    while (true) {
      const now = card.next_review_date;
      const day = Math.round((now.getTime() - start) / 86_400_000);
      if (day >= days) break;
      const p =
        card.total_reviews === 0
          ? 0.7
          : forgetting_curve([...DEFAULT_WEIGHTS], day - last, trueStability);
      const correct = random() < p;
      const result = scheduleReview({ card, correct, now });
      reviews.push({
        word_id: `w${w}`,
        rating: result.log.rating,
        reviewed_at: now,
        elapsed_days: result.log.elapsed_days,
      });
      card = result.card;
      trueStability = card.stability / 4;
      last = day;
    }
  }
  return reviews;
}

// Each fit takes well under a second alone; the generous timeout is for a machine busy with other work.
describe('fitLearnerParameters', () => {
  it('reports insufficient data for a short history and keeps the current parameters', async () => {
    const result = await fitLearnerParameters({ reviews: simulatedLog(3, 20, 1) });
    expect(result.status).toBe('insufficient-data');
    expect(result.parameters).toEqual([...DEFAULT_WEIGHTS]);
  });

  it('leaves out reviews made all on one day, which the optimizer cannot take', async () => {
    const day = Date.UTC(2026, 0, 1);
    const reviews: FitReview[] = Array.from({ length: 2_000 }, (_, i) => ({
      word_id: `w${i % 200}`,
      rating: 3,
      reviewed_at: new Date(day + i * 1_000),
      elapsed_days: 0,
    }));
    const result = await fitLearnerParameters({ reviews, adoption: 'always' });
    expect(result.status).toBe('insufficient-data');
  });

  it('adopts parameters that predict the held-out reviews better, deterministically', async () => {
    const reviews = simulatedLog(300, 200, 7);
    const a = await fitLearnerParameters({ reviews });
    const b = await fitLearnerParameters({ reviews });
    expect(a.status).toBe('adopted');
    expect(a.candidateLogLoss!).toBeLessThan(a.currentLogLoss!);
    expect(a.parameters).toHaveLength(21);
    expect(a.parameters).not.toEqual([...DEFAULT_WEIGHTS]);
    expect(b).toEqual(a);
  });

  it('keeps parameters that already predict better than a fresh fit', async () => {
    const reviews = simulatedLog(300, 200, 7);
    const adopted = await fitLearnerParameters({ reviews });
    const again = await fitLearnerParameters({ reviews, current: adopted.parameters });
    expect(again.status).toBe('kept-current');
    expect(again.parameters).toEqual(adopted.parameters);
  });

  it('with a margin, adopts only an improvement larger than it', async () => {
    const reviews = simulatedLog(300, 200, 7);
    const plain = await fitLearnerParameters({ reviews });
    const gain = plain.currentLogLoss! - plain.candidateLogLoss!;
    expect(gain).toBeGreaterThan(0);
    const below = await fitLearnerParameters({ reviews, minLogLossImprovement: gain / 2 });
    expect(below.status).toBe('adopted');
    expect(below.parameters).toEqual(plain.parameters);
    const above = await fitLearnerParameters({ reviews, minLogLossImprovement: gain * 2 });
    expect(above.status).toBe('kept-current');
    expect(above.parameters).toEqual([...DEFAULT_WEIGHTS]);
    expect(above.candidateLogLoss).toBe(plain.candidateLogLoss);
  });

  it("with adoption 'always', adopts the optimizer's parameters without a held-out check", async () => {
    const result = await fitLearnerParameters({
      reviews: simulatedLog(300, 200, 7),
      adoption: 'always',
    });
    expect(result.status).toBe('adopted');
    expect(result.candidateLogLoss).toBeNull();
    expect(result.parameters).not.toEqual([...DEFAULT_WEIGHTS]);
  });
});
