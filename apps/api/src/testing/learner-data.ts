import { schema, type Database } from '@verba/db';

/**
 * Gives a learner one row in every table of theirs, straight in the database: words (one of them
 * mastered), a practice session, answers in the review log, scheduler parameters, a group and a
 * piece of feedback.
 * Returns the ids and texts, so a test can look for them.
 */
export async function seedLearnerData(db: Database, userId: string, label: string) {
  const words = await db
    .insert(schema.words)
    .values([
      { userId, word: `${label}-alpha`, translation: `${label}-one`, mastered: true },
      { userId, word: `${label}-beta`, translation: `${label}-two` },
      { userId, word: `${label}-gamma`, translation: `${label}-three` },
    ])
    .returning({ id: schema.words.id });
  const wordIds = words.map((w) => w.id);
  const [session] = await db
    .insert(schema.dailyPracticeSessions)
    .values({ userId, wordIds, expiresAt: new Date(Date.now() + 3_600_000) })
    .returning({ id: schema.dailyPracticeSessions.id });
  await db.insert(schema.reviewLog).values(
    wordIds.map((wordId, i) => ({
      userId,
      wordId,
      sessionId: session?.id ?? null,
      clientId: `${label}-answer-${i}`,
      practiceType: 'flashcard',
      outcome: 'correct',
      responseTime: 2,
      confidenceRating: 3,
      rating: 3,
      state: 0,
      elapsedDays: 0,
      scheduledDays: 1,
    })),
  );
  const [group] = await db
    .insert(schema.groups)
    .values({ userId, name: `${label}-group` })
    .returning({ id: schema.groups.id });
  if (group) {
    await db
      .insert(schema.groupWords)
      .values(wordIds.map((wordId) => ({ groupId: group.id, wordId })));
  }
  // A refitted scheduler: the learner's own weights (the label's length makes them theirs alone).
  await db.insert(schema.learnerParameters).values({
    userId,
    weights: Array.from({ length: 21 }, (_, i) => i + label.length / 100),
    desiredRetention: 0.9,
    fittedAt: new Date(),
    reviewsAtFit: 3,
  });
  await db
    .insert(schema.userFeedback)
    .values({ userId, feedbackType: 'bug', message: `${label} found a bug in the list` });
  return { wordIds, sessionId: session?.id ?? '', groupId: group?.id ?? '' };
}
